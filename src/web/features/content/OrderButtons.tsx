/** Move up / Move down for one entry of an ordered content list; the ends are disabled (spec section 4). */
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { MoveDirection } from '@domain/content.ts';
import { Button } from '../../components/ui/button.tsx';

export function OrderButtons({
  name,
  index,
  count,
  disabled = false,
  onMove,
}: {
  /** What moves, for the buttons' names ("Move FAQ 2 up"). */
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (direction: MoveDirection) => void;
}) {
  return (
    <div className="flex gap-1">
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-11 sm:size-9"
        aria-label={`Move ${name} up`}
        title="Move up"
        disabled={disabled || index === 0}
        onClick={() => onMove('up')}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-11 sm:size-9"
        aria-label={`Move ${name} down`}
        title="Move down"
        disabled={disabled || index === count - 1}
        onClick={() => onMove('down')}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </div>
  );
}

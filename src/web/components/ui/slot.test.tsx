import { createRef, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Slot } from './slot.tsx';

type Props = Record<string, unknown>;

describe('Slot (asChild)', () => {
  it('renders the child with the slot’s props: class names joined, styles merged with the child’s winning', () => {
    const html = renderToStaticMarkup(
      <Slot className="btn" style={{ color: 'red', margin: 1 }} data-slot="button" aria-label="Go">
        <a href="/x" className="extra" style={{ color: 'blue' }}>
          x
        </a>
      </Slot>,
    );
    expect(html).toBe(
      '<a href="/x" class="btn extra" style="color:blue;margin:1px" data-slot="button" aria-label="Go">x</a>',
    );
  });

  it('runs the child’s handler, then the slot’s', () => {
    const calls: string[] = [];
    const element = Slot({
      onClick: () => calls.push('slot'),
      children: <button onClick={() => calls.push('child')} />,
    }) as ReactElement<Props>;
    (element.props.onClick as () => void)();
    expect(calls).toEqual(['child', 'slot']);
    const onlySlot = vi.fn();
    const second = Slot({ onClick: onlySlot, children: <button /> }) as ReactElement<Props>;
    (second.props.onClick as () => void)();
    expect(onlySlot).toHaveBeenCalledOnce();
  });

  it('gives the node to both refs and clears them again', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    const element = Slot({ ref: slotRef, children: <a ref={childRef} /> }) as ReactElement<Props>;
    const node = {} as HTMLElement;
    const cleanup = (element.props.ref as (n: HTMLElement) => () => void)(node);
    expect(slotRef.current).toBe(node);
    expect(childRef).toHaveBeenLastCalledWith(node);
    cleanup();
    expect(slotRef.current).toBeNull();
    expect(childRef).toHaveBeenLastCalledWith(null);
  });

  it('renders nothing without an element child', () => {
    expect(Slot({ children: 'text' })).toBeNull();
  });
});

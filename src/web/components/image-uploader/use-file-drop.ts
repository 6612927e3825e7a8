/**
 * Drag-and-drop of files onto an element: `dropProps` go on the drop zone, `isOver` says whether files are
 * being dragged over it (for its highlight). Drags that carry no files (text, an image being reordered)
 * are left alone.
 */
import { useState, type DragEvent } from 'react';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export function useFileDrop(onFiles: (files: File[]) => void, disabled = false) {
  const [isOver, setIsOver] = useState(false);

  const dropProps = {
    onDragEnter: (event: DragEvent<HTMLElement>) => {
      if (disabled || !carriesFiles(event)) return;
      event.preventDefault();
      setIsOver(true);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!carriesFiles(event)) return;
      // Cancelled even when disabled: an unhandled file drop makes the browser open the file instead.
      event.preventDefault();
      event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (next instanceof Node && event.currentTarget.contains(next)) return;
      setIsOver(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setIsOver(false);
      if (disabled) return;
      const files = Array.from(event.dataTransfer.files);
      if (files.length > 0) onFiles(files);
    },
  };

  return { isOver: isOver && !disabled, dropProps };
}

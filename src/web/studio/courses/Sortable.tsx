import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';

/** Pointer (after a 4px move, so clicks still click) and keyboard dragging. */
export function useDndSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** A sortable row: its drag handle (pointer or keyboard: Space, arrows, Space) and its content. */
export function Sortable({ id, label, className, children }: { id: string; label: string; className: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="btn btn-sm btn-link drag-handle px-1"
      aria-label={`Move ${label}`}
      {...attributes}
      {...listeners}
    >
      <i className="bi bi-grip-vertical fs-5" aria-hidden="true" />
    </button>
  );
  return (
    <li ref={setNodeRef} className={`${className}${isDragging ? ' is-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      {children(handle)}
    </li>
  );
}

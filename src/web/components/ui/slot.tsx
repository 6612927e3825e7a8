import { cloneElement, isValidElement, type ReactNode, type Ref, type RefCallback } from 'react';

type Props = Record<string, unknown>;

function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
      return undefined;
    });
    return () => {
      refs.forEach((ref, i) => {
        const cleanup = cleanups[i];
        if (typeof cleanup === 'function') cleanup();
        else if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      });
    };
  };
}

/**
 * `asChild` for our own components (Button, Badge, form fields): renders its single child element with the
 * slot's props merged in, as Radix's Slot does — the child's handlers run before the slot's, styles merge
 * (the child's win), class names join (the slot's first), refs compose. A few lines instead of a package in
 * every public page's first download (decision 0023); Radix's primitives keep their own.
 */
export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  if (!isValidElement<Props>(children)) return null;
  const childProps = children.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const name of Object.keys(childProps)) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function') {
        merged[name] = (...args: unknown[]) => {
          const result: unknown = childValue(...args);
          slotValue(...args);
          return result;
        };
      } else if (slotValue) merged[name] = slotValue;
    } else if (name === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    }
  }
  const slotRef = slotProps.ref as Ref<unknown> | undefined;
  const childRef = childProps.ref as Ref<unknown> | undefined;
  if (slotRef && childRef) merged.ref = composeRefs(slotRef, childRef);
  return cloneElement(children, merged);
}

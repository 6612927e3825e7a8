/**
 * One filter kept in the URL's search params (`?status=pending`), for lists that have no pages or sorting
 * (paged tables keep their whole state with `useTableParams`, components/data-table). Reload, Back and a
 * shared link show the same view. Read leniently: a value that is not one of the choices reads as "all".
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The param's value if it is one of `choices`, else undefined. */
export function readChoice<V extends string>(
  params: URLSearchParams,
  name: string,
  choices: readonly V[],
): V | undefined {
  const raw = params.get(name);
  return raw !== null && (choices as readonly string[]).includes(raw) ? (raw as V) : undefined;
}

/** New search params with `name` set to `value`, or removed for undefined; the other params are kept. */
export function withChoice(
  params: URLSearchParams,
  name: string,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined) next.delete(name);
  else next.set(name, value);
  return next;
}

/** `[value, setValue]` of the search param `name`, one of `choices` or undefined ("all"). */
export function useUrlChoice<V extends string>(
  name: string,
  choices: readonly V[],
): [V | undefined, (value: V | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: V | undefined) =>
      setParams((current) => withChoice(current, name, value), { preventScrollReset: true }),
    [name, setParams],
  );
  return [readChoice(params, name, choices), set];
}

import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';

const currentAddress = () => window.location.pathname + window.location.search;

/**
 * State for a menu or drawer that closes when the address changes: the value is remembered with
 * the address it was set at and reads as null anywhere else. The address is read at the moment it
 * is set, because a render may not have caught up with a navigation yet.
 */
export function useOpenUntilNavigation<T>(): [T | null, (value: T | null) => void] {
  const [pathname] = useLocation();
  const search = useSearch();
  const here = search ? `${pathname}?${search}` : pathname;
  const [state, setState] = useState<{ value: T; at: string } | null>(null);
  const value = state && state.at === here ? state.value : null;
  return [value, (next) => setState(next === null ? null : { value: next, at: currentAddress() })];
}

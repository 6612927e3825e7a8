/**
 * The visitor's location, asked for only on request (Near Me, use-my-location, Enable location), kept for the
 * browser tab so that browse and listing detail both show distances once it is known.
 */
import { useCallback, useState, useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast.ts';
import { LIMITS } from '@domain/constants.ts';

export interface Coords {
  lat: number;
  lng: number;
}

export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by your browser';

const STORAGE_KEY = 'mm.location';
const listeners = new Set<() => void>();

function readStored(): Coords | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Coords>;
    if (typeof value.lat === 'number' && typeof value.lng === 'number')
      return { lat: value.lat, lng: value.lng };
  } catch {
    // Storage unavailable or garbage: no location.
  }
  return null;
}

let current: Coords | null = typeof window === 'undefined' ? null : readStored();

export function setUserLocation(coords: Coords | null): void {
  current = coords;
  try {
    if (coords) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(coords));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Not persisted; the in-memory value still works.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The known location, or null. */
export function useUserLocation(): Coords | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/**
 * Asks the browser for the position (high accuracy, 10 s timeout, no cached position) and keeps it. Shows the
 * spec's message when geolocation is missing and the browser's own message on failure; resolves null then.
 */
export function requestLocation(): Promise<Coords | null> {
  return new Promise<Coords | null>((resolve) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
      toast.error(GEOLOCATION_UNSUPPORTED);
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const coords = { lat: position.coords.latitude, lng: position.coords.longitude };
        setUserLocation(coords);
        resolve(coords);
      },
      (error) => {
        toast.error(error.message || 'Unable to get your location');
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: LIMITS.geolocationTimeoutMs, maximumAge: 0 },
    );
  });
}

/** `requestLocation` with a `locating` flag for the button that asked. */
export function useGeolocation() {
  const [locating, setLocating] = useState(false);
  const locate = useCallback(async () => {
    setLocating(true);
    try {
      return await requestLocation();
    } finally {
      setLocating(false);
    }
  }, []);
  return { locate, locating };
}

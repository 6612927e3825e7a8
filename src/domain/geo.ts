import { EARTH_RADIUS_KM, PROVINCES, type Province } from './constants.ts';

/** Great-circle (haversine) distance in km. The server computes the same formula in SQL. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(lat2 - lat1);
  const dLng = toRad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The nearest of the nine province centre points; gauteng when nothing is known. */
export function nearestProvince(lat: number | null | undefined, lng: number | null | undefined): Province {
  if (lat == null || lng == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return 'gauteng';
  let best: Province = 'gauteng';
  let bestKm = Infinity;
  for (const p of PROVINCES) {
    const km = distanceKm(lat, lng, p.lat, p.lng);
    if (km < bestKm) {
      bestKm = km;
      best = p.value;
    }
  }
  return best;
}

// The device location sent with an order when allowed (spec section 7 "Orders"). Asked at
// placement and never allowed to hold it up: a refusal, an error, no geolocation or no
// answer within LOCATION_WAIT_MS (a permission prompt left open counts) all mean "no
// location", and the order goes without one.

export interface DeviceLocation {
  latitude: number;
  longitude: number;
}

export const LOCATION_WAIT_MS = 3_000;

function inRange({ latitude, longitude }: DeviceLocation): boolean {
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

async function permissionDenied(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state === 'denied';
  } catch {
    return false; // no Permissions API: ask, the timeout still bounds it
  }
}

export async function deviceLocation(waitMs = LOCATION_WAIT_MS): Promise<DeviceLocation | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return null;
  if (await permissionDenied()) return null;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    const done = (location: DeviceLocation | null) => {
      clearTimeout(timer);
      resolve(location !== null && inRange(location) ? location : null);
    };
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => done({ latitude: coords.latitude, longitude: coords.longitude }),
      () => done(null),
      { enableHighAccuracy: false, timeout: waitMs, maximumAge: 5 * 60_000 },
    );
  });
}

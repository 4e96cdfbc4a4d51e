// GET /api/admin/devices with the admin headers (contracts/devices.ts): every device's last
// report, stuck and stale first.
import { apiGet } from '../../api/api-client.ts';
import { adminDevicesReply, DEVICE_PATHS, type DeviceHealthView } from '#shared/contracts/devices';
import { adminHeaders } from '../../session/admin-identity.ts';

export interface LoadedDevices {
  devices: DeviceHealthView[];
  /** When the answer came (ms): the screen's ages count to it. */
  loadedAt: number;
}

export async function loadDevices(): Promise<LoadedDevices> {
  const reply = await apiGet(DEVICE_PATHS.adminList, {
    headers: adminHeaders(),
    schema: adminDevicesReply,
  });
  return { devices: reply.devices, loadedAt: Date.now() };
}

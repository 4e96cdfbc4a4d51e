// The device-health paths (contracts/devices.ts re-exports them), in a file of their own
// without zod: the offline engine, which sends the reports, is in the landing's entry script,
// and importing the schemas there would put zod in it.
export const DEVICE_PATHS = {
  report: '/api/devices/report',
  adminList: '/api/admin/devices',
} as const;

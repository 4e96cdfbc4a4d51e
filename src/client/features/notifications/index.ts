// The notifications feature (issue 19): the profile's "Notifications" part. Its screen (the
// mail opt-out page) loads through screens.ts.
export { NotificationsPanel } from './notifications-panel.tsx';

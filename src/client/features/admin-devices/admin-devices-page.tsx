// '/admin/devices' (issue 17 item 5; beyond-spec.md section 7 "Device health"): every device
// that reported, one table per person, each device with what waits on it, what needs the
// person's attention, when it last synced and reported, and its app version. Stuck and stale
// devices come first (the server's order) and say so in words.
import type { DeviceHealthView } from '#shared/contracts/devices';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import {
  AdminPage,
  AdminPanel,
  adminStyles,
  EmptyText,
  Loaded,
  RefreshButton,
  RowsTable,
  Toolbar,
} from '../../ui/admin/admin-kit.tsx';
import { useAdminLoad } from '../../ui/admin/use-admin-load.ts';
import { loadDevices, type LoadedDevices } from './devices-api.ts';
import {
  agoText,
  deviceLabel,
  devicesByPerson,
  durationText,
  OK_TEXT,
  personTitle,
  STALE_TEXT,
  stateWords,
  STUCK_TEXT,
  summaryText,
  type PersonDevices,
} from './device-texts.ts';
import styles from './admin-devices.module.css';

export const NO_DEVICES = 'No device has reported yet.';
export const INTRO =
  'Each signed-in phone or browser reports after it syncs. Stuck: an action needs attention ' +
  'or has waited more than an hour. Stale: no report for a day.';
const COLUMNS = [
  'Device',
  'State',
  'Waiting',
  'Oldest waiting',
  'Needs attention',
  'Last sync',
  'App version',
  'Last report',
] as const;

const MARK_CLASS: Record<string, string | undefined> = {
  [STUCK_TEXT]: styles.stuck,
  [STALE_TEXT]: styles.stale,
  [OK_TEXT]: styles.ok,
};

function StateMarks({ device }: { device: DeviceHealthView }) {
  return (
    <span className={styles.marks}>
      {stateWords(device).map((word) => (
        <span key={word} className={`${styles.mark} ${MARK_CLASS[word] ?? ''}`}>
          {word}
        </span>
      ))}
    </span>
  );
}

/** "2 hours ago", with the exact time on hover and for machines. */
function Ago({ iso, now }: { iso: string | null; now: number }) {
  if (iso === null) return <>{agoText(null, now)}</>;
  return (
    <time dateTime={iso} title={formatTime(iso)}>
      {agoText(iso, now)}
    </time>
  );
}

function DeviceRow({ device, now }: { device: DeviceHealthView; now: number }) {
  const nowrap = adminStyles.nowrap;
  return (
    <tr>
      <td className={`${styles.device} ${nowrap}`} title={device.deviceId}>
        {deviceLabel(device.deviceId)}
      </td>
      <td>
        <StateMarks device={device} />
      </td>
      <td>{device.pendingCount}</td>
      <td className={nowrap}>
        {device.oldestPendingAt === null ? '—' : durationText(device.oldestPendingAt, now)}
      </td>
      <td>{device.attentionCount}</td>
      <td className={nowrap}>
        <Ago iso={device.lastSyncAt} now={now} />
      </td>
      <td className={nowrap}>{orDash(device.appVersion)}</td>
      <td className={nowrap}>
        <Ago iso={device.reportedAt} now={now} />
      </td>
    </tr>
  );
}

function PersonPanel({ person, now }: { person: PersonDevices; now: number }) {
  return (
    <AdminPanel title={personTitle(person)}>
      <RowsTable
        caption={`Devices of ${person.username}`}
        columns={COLUMNS}
        rows={person.devices}
        empty={NO_DEVICES}
      >
        {(device) => <DeviceRow key={device.deviceId} device={device} now={now} />}
      </RowsTable>
    </AdminPanel>
  );
}

function DeviceLists({ loaded }: { loaded: LoadedDevices }) {
  const { devices, loadedAt } = loaded;
  if (devices.length === 0) return <EmptyText>{NO_DEVICES}</EmptyText>;
  return (
    <>
      <p className={styles.summary}>{summaryText(devices)}</p>
      {devicesByPerson(devices).map((person) => (
        <PersonPanel key={person.userId} person={person} now={loadedAt} />
      ))}
    </>
  );
}

export function AdminDevicesPage() {
  const devices = useAdminLoad(loadDevices, 'Failed to load devices');
  return (
    <AdminPage title="Devices">
      <p className={styles.intro}>{INTRO}</p>
      <Toolbar>
        <RefreshButton onRefresh={devices.reload} />
      </Toolbar>
      <Loaded load={devices}>{(data) => <DeviceLists loaded={data} />}</Loaded>
    </AdminPage>
  );
}

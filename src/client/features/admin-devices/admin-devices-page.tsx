// '/admin/devices' (issue 17 item 5; beyond-spec.md section 7 "Device health"): every device
// that reported, one table per person, each device with what waits on it, what needs the
// person's attention, when it last synced and reported, and its app version. Stuck and stale
// devices come first (the server's order) and say so in words.
import type { DeviceHealthView } from '#shared/contracts/devices';
import { t, useT, type Translate } from '../../i18n/i18n.ts';
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
  deviceStates,
  durationText,
  personTitle,
  stateWord,
  summaryText,
  type DeviceState,
  type PersonDevices,
} from './device-texts.ts';
import styles from './admin-devices.module.css';

export const noDevices = () => t('admin.devices.empty');
const columns = (t: Translate) => [
  t('admin.devices.column.device'),
  t('admin.devices.column.state'),
  t('admin.devices.column.waiting'),
  t('admin.devices.column.oldestWaiting'),
  t('admin.devices.column.needsAttention'),
  t('admin.devices.column.lastSync'),
  t('admin.devices.column.appVersion'),
  t('admin.devices.column.lastReport'),
];

const MARK_CLASS: Record<DeviceState, string | undefined> = {
  stuck: styles.stuck,
  stale: styles.stale,
  ok: styles.ok,
};

function StateMarks({ device }: { device: DeviceHealthView }) {
  return (
    <span className={styles.marks}>
      {deviceStates(device).map((state) => (
        <span key={state} className={`${styles.mark} ${MARK_CLASS[state] ?? ''}`}>
          {stateWord(state)}
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
  const t = useT();
  return (
    <AdminPanel title={personTitle(person)}>
      <RowsTable
        caption={t('admin.devices.caption', { username: person.username })}
        columns={columns(t)}
        rows={person.devices}
        empty={t('admin.devices.empty')}
      >
        {(device) => <DeviceRow key={device.deviceId} device={device} now={now} />}
      </RowsTable>
    </AdminPanel>
  );
}

function DeviceLists({ loaded }: { loaded: LoadedDevices }) {
  const t = useT();
  const { devices, loadedAt } = loaded;
  if (devices.length === 0) return <EmptyText>{t('admin.devices.empty')}</EmptyText>;
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
  const t = useT();
  const devices = useAdminLoad(loadDevices, t('admin.devices.loadFailed'));
  return (
    <AdminPage title={t('admin.devices.title')}>
      <p className={styles.intro}>{t('admin.devices.intro')}</p>
      <Toolbar>
        <RefreshButton onRefresh={devices.reload} />
      </Toolbar>
      <Loaded load={devices}>{(data) => <DeviceLists loaded={data} />}</Loaded>
    </AdminPage>
  );
}

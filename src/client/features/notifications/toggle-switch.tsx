// An on/off switch (WAI-ARIA switch pattern): a button with role=switch and aria-checked,
// named by its visible label and described by the sentence under it. It says "On"/"Off" in
// words beside the track, so the state is never colour alone.
import styles from './notifications.module.css';

interface ToggleSwitchProps {
  checked: boolean;
  disabled: boolean;
  labelId: string;
  describedBy: string;
  onToggle: () => void;
  onText: string;
  offText: string;
}

export function ToggleSwitch(props: ToggleSwitchProps) {
  const { checked, disabled, labelId, describedBy, onToggle, onText, offText } = props;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      disabled={disabled}
      className={styles.switch}
      onClick={onToggle}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.knob} />
      </span>
      <span className={styles.switchText} aria-hidden="true">
        {checked ? onText : offText}
      </span>
    </button>
  );
}

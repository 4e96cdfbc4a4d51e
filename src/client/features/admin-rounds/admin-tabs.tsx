// Tabs on radix-ui (arrow keys move between tabs; each panel is labelled by its tab).
import type { KeyboardEvent, ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import styles from './rounds.module.css';

export interface TabSpec {
  value: string;
  label: string;
  content: ReactNode;
}

interface AdminTabsProps {
  label: string;
  tabs: readonly TabSpec[];
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * Shift+Tab from a tab must leave the list. Radix drops the list's own Tab stop for that on its
 * next render, but a dialog's focus trap (an ancestor's keydown, before that render) still counted
 * the list as its first stop, so it let the browser move focus out and pulled it back to the
 * tab: stuck. Dropping the stop now lets the trap see the tab as first and wrap to the last.
 */
function leaveOnShiftTab(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key === 'Tab' && event.shiftKey) event.currentTarget.tabIndex = -1;
}

export function AdminTabs({ label, tabs, value, onValueChange }: AdminTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={onValueChange}>
      <Tabs.List className={styles.tabList} aria-label={label} onKeyDown={leaveOnShiftTab}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={styles.tab}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

// Tabs on radix-ui (arrow keys move between tabs; each panel is labelled by its tab).
import type { ReactNode } from 'react';
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

export function AdminTabs({ label, tabs, value, onValueChange }: AdminTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={onValueChange}>
      <Tabs.List className={styles.tabList} aria-label={label}>
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

import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '#shared/i18n/languages';
import { chooseLanguage } from '../i18n/language-choice.ts';
import { currentLanguage, useT } from '../i18n/i18n.ts';
import styles from './app-header.module.css';

/**
 * The header's language menu (beyond-spec.md section 4): each language named in itself, so a
 * person who cannot read the current one still finds theirs. A native select: the phone's own
 * picker, keyboard and screen readers work with it as they always do. Changing it re-renders
 * the screen in place: the person stays where they are, with what they typed.
 */
export function LanguageMenu() {
  const t = useT();
  const id = useId();
  const language = currentLanguage();
  return (
    <div className={styles.language}>
      <label htmlFor={id} className={styles.languageLabel}>
        {t('common.language.label')}
      </label>
      <select
        id={id}
        className={styles.languageSelect}
        value={language}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLanguage(chosen)) void chooseLanguage(chosen);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { FAMILY_LANGUAGES } from '../constants';
import { makeI18n } from './language';
import ar from './ar';
import en from './en';
import es from './es';
import ht from './ht';
import vi from './vi';
import zh from './zh';

/** Every language has English's keys, no other, none empty, and the same `{placeholders}` in each message. */
const DICTIONARIES: Record<(typeof FAMILY_LANGUAGES)[number], Record<string, string>> = { en, es, vi, zh, ht, ar };
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('family portal words', () => {
  it('has one dictionary per portal language', () => {
    expect(Object.keys(DICTIONARIES).sort()).toEqual([...FAMILY_LANGUAGES].sort());
  });

  it.each(FAMILY_LANGUAGES.filter((lng) => lng !== 'en'))('%s has exactly the keys of English', (lng) => {
    const keys = Object.keys(DICTIONARIES[lng]);
    const missing = Object.keys(en).filter((key) => !keys.includes(key));
    const extra = keys.filter((key) => !(key in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(FAMILY_LANGUAGES)('%s fills every message, with the placeholders of English', (lng) => {
    for (const [key, text] of Object.entries(DICTIONARIES[lng])) {
      expect(text.trim(), `${lng}.${key}`).not.toBe('');
      expect(placeholders(text), `${lng}.${key}`).toEqual(placeholders(en[key as keyof typeof en]));
    }
  });

  it('is translated: no other language leaves a sentence in English', () => {
    // words that are the same in several languages (a name, "E-mail", "Email") are not sentences
    const sentences = Object.entries(en).filter(([, text]) => text.split(' ').length > 3);
    for (const lng of FAMILY_LANGUAGES.filter((other) => other !== 'en')) {
      const same = sentences.filter(([key, text]) => DICTIONARIES[lng][key] === text).map(([key]) => key);
      expect(same, lng).toEqual([]);
    }
  });
});

describe('family portal dates', () => {
  const deadline = '2026-12-03T00:00:00Z'; // Wednesday 2 December 2026, 17:00 in Phoenix
  const noop = () => undefined;

  it('writes Haitian Creole dates in Creole, as the messages do (not in French or English)', () => {
    const i18n = makeI18n('ht', ht, noop);
    expect(i18n.dateTime(deadline, 'America/Phoenix')).toBe('mèkredi 2 desanm 2026 a 17:00 MST');
    expect(i18n.day('2026-03-02')).toBe('2 mas');
  });

  it('writes Vietnamese dates as a letter does, with the weekday', () => {
    expect(makeI18n('vi', vi, noop).dateTime(deadline, 'America/Phoenix')).toBe(
      '17:00 Thứ Tư, ngày 2 tháng 12 năm 2026 MST',
    );
  });

  it('leaves the other languages to Intl, in the school’s zone', () => {
    const text = makeI18n('es', es, noop).dateTime(deadline, 'America/Phoenix');
    expect(text).toMatch(/miércoles, 2 de diciembre de 2026/);
    expect(text).toMatch(/17:00|5:00/);
  });
});

/** `settings` of the configuration document (E2 global settings, configuration.md bounds). */
import { isValidTimeZone } from '../calendar/business-time';
import type { SettingsDocument } from './configuration-document.types';
import { acceptedKeys, SETTINGS_FIELDS } from './configuration.fields';
import { childPath, DocumentReader } from './document-reader';

export const DEFAULT_SETTINGS: Omit<SettingsDocument, 'timezone'> = {
  searchHorizonDays: 30,
  maxDeliveryDates: 5,
  maxLegs: 3,
  maxAlternativePaths: 3,
  wholesale: { unitsThreshold: null, additionalDays: 0 },
};

const SETTINGS_KEYS = acceptedKeys(SETTINGS_FIELDS);
const BOUNDS = {
  searchHorizonDays: [1, 366],
  maxDeliveryDates: [1, 60],
  maxLegs: [1, 5],
  maxAlternativePaths: [1, 10],
} as const;

/** The settings with every default filled in; `timezoneGiven`: the document names its time zone (E1.1). */
export function parseSettings(
  value: unknown,
  defaultTimezone: string,
  reader: DocumentReader,
): { settings: SettingsDocument; timezoneGiven: boolean } {
  const settings: SettingsDocument = {
    timezone: defaultTimezone,
    ...DEFAULT_SETTINGS,
    wholesale: { ...DEFAULT_SETTINGS.wholesale },
  };
  if (value === undefined || value === null) return { settings, timezoneGiven: false };
  const path = 'settings';
  const raw = reader.object(value, path, SETTINGS_KEYS);
  if (raw === null) return { settings, timezoneGiven: false };
  const timezone = reader.string(raw, 'timezone', path, false);
  if (timezone !== null) {
    if (isValidTimeZone(timezone)) settings.timezone = timezone;
    else reader.report(childPath(path, 'timezone'), `unknown time zone '${timezone}'`);
  }
  for (const key of Object.keys(BOUNDS) as (keyof typeof BOUNDS)[]) {
    const [min, max] = BOUNDS[key];
    const number = reader.number(raw, key, path, {
      integer: true,
      min,
      max,
      fallback: DEFAULT_SETTINGS[key],
    });
    if (typeof number === 'number') settings[key] = number;
  }
  if (!reader.isAbsent(raw, 'wholesale')) {
    const wholesalePath = childPath(path, 'wholesale');
    const wholesale = reader.object(raw.wholesale, wholesalePath, ['unitsThreshold', 'additionalDays']);
    if (wholesale !== null) {
      const threshold = reader.number(wholesale, 'unitsThreshold', wholesalePath, {
        integer: true,
        min: 0,
        fallback: null,
      });
      const days = reader.number(wholesale, 'additionalDays', wholesalePath, {
        integer: true,
        min: 0,
        fallback: 0,
      });
      if (threshold !== undefined) settings.wholesale.unitsThreshold = threshold;
      if (typeof days === 'number') settings.wholesale.additionalDays = days;
    }
  }
  return { settings, timezoneGiven: timezone !== null };
}

import { describe, expect, it } from 'vitest';
import { calendarEventLink, utcStamp } from './calendar';

describe('calendarEventLink (platform §7)', () => {
  it('builds the calendar template link with UTC times and the joined location', () => {
    expect(
      calendarEventLink({
        title: 'Spring tasting & market',
        start: '2026-05-01T10:00:00+02:00',
        end: new Date('2026-05-01T12:30:00Z'),
        location: { addressLine1: '12 Mill Lane', addressLine2: '', addressCountry: 'United Kingdom' },
      }),
    ).toBe('https://calendar.google.com/calendar/render?action=TEMPLATE&text=Spring%20tasting%20%26%20market&dates=20260501T080000Z/20260501T123000Z&location=12%20Mill%20Lane%2C%20United%20Kingdom');
    expect(calendarEventLink({ title: 'Online', start: '2026-01-02T03:04:05Z', end: '2026-01-02T04:04:05Z', location: null })).toBe(
      'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Online&dates=20260102T030405Z/20260102T040405Z',
    );
  });
  it('refuses a date it cannot read', () => {
    expect(() => utcStamp('not a date')).toThrow('Not a date: not a date');
  });
});

import { describe, expect, it } from 'vitest';
import { draftFromInterval, emptyInterval, intervalFromDraft, intervalProblems, intervalSummary } from './timeIntervals';

describe('mute timing intervals', () => {
  it('turns a draft into the API shape and back, leaving empty fields out', () => {
    const draft = {
      ...emptyInterval(),
      times: [{ start: '09:00', end: '17:00' }],
      weekdays: 'Monday:Friday, sunday',
      daysOfMonth: '1, -1',
      location: 'Europe/Berlin',
    };
    const interval = intervalFromDraft(draft);
    expect(interval).toEqual({
      times: [{ start_time: '09:00', end_time: '17:00' }],
      weekdays: ['monday:friday', 'sunday'],
      days_of_month: ['1', '-1'],
      location: 'Europe/Berlin',
    });
    expect(draftFromInterval(interval)).toMatchObject({ weekdays: 'monday:friday, sunday', months: '', times: [{ start: '09:00' }] });
    expect(intervalFromDraft(emptyInterval())).toEqual({});
  });

  it('refuses what Alertmanager refuses, field by field', () => {
    expect(intervalProblems({ ...emptyInterval(), times: [{ start: '17:00', end: '09:00' }] }).times).toMatch(/must be before/);
    expect(intervalProblems({ ...emptyInterval(), times: [{ start: '9', end: '10:00' }] }).times).toMatch(/hours and minutes/);
    expect(intervalProblems({ ...emptyInterval(), weekdays: 'mon' }).weekdays).toMatch(/Weekdays such as/);
    expect(intervalProblems({ ...emptyInterval(), weekdays: 'saturday:sunday' }).weekdays).toMatch(
      /earlier to the later; a week starts on sunday/,
    );
    expect(intervalProblems({ ...emptyInterval(), daysOfMonth: '0' }).daysOfMonth).toMatch(/Days from 1/);
    expect(intervalProblems({ ...emptyInterval(), months: '13' }).months).toMatch(/Months such as/);
    expect(intervalProblems({ ...emptyInterval(), years: '30' }).years).toMatch(/Years such as/);
    expect(intervalProblems({ ...emptyInterval(), location: 'Mars/Olympus' }).location).toMatch(/time zone/);
    expect(
      intervalProblems({
        times: [{ start: '00:00', end: '24:00' }],
        weekdays: 'monday:friday',
        daysOfMonth: '-7:-1',
        months: 'march:may, 12',
        years: '2030:2031',
        location: 'UTC',
      }),
    ).toEqual({});
  });

  it('summarises an interval in one line', () => {
    expect(intervalSummary({ times: [{ start_time: '09:00', end_time: '17:00' }], weekdays: ['saturday', 'sunday'] })).toBe(
      '09:00–17:00 · saturday, sunday',
    );
    expect(intervalSummary({ location: 'Europe/Berlin' })).toBe('always · (Europe/Berlin)');
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changePasswordRequestSchema, loginRequestSchema } from '../../contract/users';
import { ApiError } from '../api/errors';
import { fieldIssues, placeRefusal } from './fieldIssues';
import { formatDate, formatDateTime, plural } from './format';
import { applyUrlParamChanges } from './useUrlParams';

describe('plural', () => {
  it('says one or many', () => {
    expect(plural(1, 'dashboard')).toBe('1 dashboard');
    expect(plural(0, 'dashboard')).toBe('0 dashboards');
    expect(plural(2, 'person', 'people')).toBe('2 people');
  });
});

describe('dates', () => {
  it('reads ISO strings, epoch milliseconds and Dates alike', () => {
    const iso = '2026-03-12T14:05:00Z';
    expect(formatDateTime(iso)).toBe(formatDateTime(Date.parse(iso)));
    expect(formatDate(new Date(iso))).toBe(formatDate(iso));
  });
});

describe('applyUrlParamChanges', () => {
  it('sets, repeats and removes keys, keeping the others', () => {
    const next = applyUrlParamChanges(new URLSearchParams('keep=1&query=old&tags=a'), {
      query: 'new',
      tags: ['b', 'c'],
      folder: undefined,
    });
    expect(next.toString()).toBe('keep=1&query=new&tags=b&tags=c');
    expect(applyUrlParamChanges(next, { query: '', tags: [] }).toString()).toBe('keep=1');
  });
});

describe('fieldIssues', () => {
  it('puts the contract’s fragments after the label, and keeps its sentences whole', () => {
    const login = loginRequestSchema.safeParse({ user: ' ', password: '' });
    expect(fieldIssues(login.error!, { user: 'Email or username', password: 'Password' })).toEqual({
      user: 'Email or username is required',
      password: 'Password is required',
    });
    const change = changePasswordRequestSchema.safeParse({ oldPassword: 'a', newPassword: 'abc', confirmNew: 'abd' });
    expect(fieldIssues(change.error!, { oldPassword: 'Old password', newPassword: 'New password', confirmNew: 'Confirmation' })).toEqual({
      newPassword: 'New password is too short',
      confirmNew: 'Confirmation does not match the new password',
    });
  });

  it('leaves out fields the form does not show', () => {
    const parsed = z.object({ a: z.string().min(1, 'is required'), b: z.string().min(1, 'is required') }).safeParse({ a: '', b: '' });
    expect(fieldIssues(parsed.error!, { a: 'A' })).toEqual({ a: 'A is required' });
  });
});

describe('placeRefusal', () => {
  it('puts a refusal naming one of the form’s fields under it, and any other below the form', () => {
    const taken = new ApiError(409, 'Team name taken', { message: 'Team name taken', field: 'name' });
    expect(placeRefusal(taken, 'name', 'email')).toEqual({ fieldError: 'Team name taken', formError: undefined });
    expect(placeRefusal(taken, 'email')).toEqual({ fieldError: undefined, formError: 'Team name taken' });
    expect(placeRefusal(new Error('offline'), 'name')).toEqual({ fieldError: undefined, formError: 'offline' });
    expect(placeRefusal(null, 'name')).toEqual({ fieldError: undefined, formError: undefined });
  });
});

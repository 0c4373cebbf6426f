import { describe, expect, it } from 'vitest';
import type { DataSource } from '../../../contract/datasources';
import { ApiError } from '../../api/errors';
import { fixtures } from '../../test/server';
import { formFromDataSource, placeServerError, removeHeaderRow, toRequest, validateForm, withAuthMethod } from './form';

function stored(overrides: Partial<DataSource> = {}): DataSource {
  return fixtures.dataSource({ uid: 'ds1', name: 'Metrics', isDefault: false, version: 3, ...overrides });
}

describe('the data source form model', () => {
  it('sends the whole data source on update, keeping settings it does not show, and the version', () => {
    const ds = stored({ withCredentials: true, jsonData: { httpMethod: 'GET', exemplarTraceIdDestinations: [{ name: 'trace' }] } });
    const request = toRequest(ds.type, formFromDataSource(ds.type, ds), ds);
    expect(request).toMatchObject({ name: 'Metrics', type: 'prometheus', url: 'http://prom:9090', withCredentials: true, version: 3 });
    expect(request.jsonData).toEqual({ httpMethod: 'GET', exemplarTraceIdDestinations: [{ name: 'trace' }] });
    expect(request.secureJsonData).toBeUndefined();
  });

  it('keeps a configured secret by leaving it out, and removes a reset one by sending ""', () => {
    const ds = stored({
      type: 'grafana-postgresql-datasource',
      url: 'db:5432',
      user: 'app',
      jsonData: { database: 'app' },
      secureJsonFields: { password: true },
    });
    const state = formFromDataSource(ds.type, ds);
    expect(state.secrets.password).toEqual({ configured: true, value: '' });
    expect(toRequest(ds.type, state, ds).secureJsonData).toBeUndefined();

    const reset = { ...state, secrets: { ...state.secrets, password: { configured: false, value: '' } } };
    expect(toRequest(ds.type, reset, ds).secureJsonData).toEqual({ password: '' });
    const replaced = { ...state, secrets: { ...state.secrets, password: { configured: false, value: 'new' } } };
    expect(toRequest(ds.type, replaced, ds).secureJsonData).toEqual({ password: 'new' });
  });

  it('writes the SQL database to jsonData and the legacy top-level field', () => {
    const state = formFromDataSource('mysql', undefined, 'Shop');
    state.values.url = 'db:3306';
    state.values.user = 'reader';
    state.values['jsonData.database'] = 'shop';
    const result = validateForm('mysql', state);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.request).toMatchObject({ url: 'db:3306', user: 'reader', database: 'shop', jsonData: { database: 'shop' } });
  });

  it('stores a bearer token as Grafana’s Authorization header', () => {
    let state = formFromDataSource('loki', undefined, 'Logs');
    state.values.url = 'http://loki:3100';
    state = withAuthMethod(state, 'bearer');
    state.headers[0]!.value = 'abc123';
    const result = validateForm('loki', state);
    expect(result.ok && result.request).toMatchObject({
      jsonData: { httpHeaderName1: 'Authorization' },
      secureJsonData: { httpHeaderValue1: 'Bearer abc123' },
    });

    const reloaded = formFromDataSource(
      'loki',
      stored({ type: 'loki', jsonData: { httpHeaderName1: 'Authorization' }, secureJsonFields: { httpHeaderValue1: true } }),
    );
    expect(reloaded.auth).toBe('bearer');
    expect(reloaded.headers[0]).toMatchObject({ configured: true, value: '' });
  });

  it('asks again for header values that moved up when a header above was removed, and drops the freed slot', () => {
    const ds = stored({
      jsonData: { httpHeaderName1: 'X-A', httpHeaderName2: 'X-B' },
      secureJsonFields: { httpHeaderValue1: true, httpHeaderValue2: true },
    });
    const state = formFromDataSource(ds.type, ds);
    const headers = removeHeaderRow(state.headers, 0);
    expect(headers).toEqual([expect.objectContaining({ name: 'X-B', configured: false, moved: true })]);
    const invalid = validateForm(ds.type, { ...state, headers }, ds);
    expect(invalid.ok === false && invalid.fieldErrors).toEqual({ 'secureJsonData.httpHeaderValue1': 'Header 1 value is required' });

    headers[0]!.value = 'b';
    const valid = validateForm(ds.type, { ...state, headers }, ds);
    expect(valid.ok && valid.request).toMatchObject({
      jsonData: { httpHeaderName1: 'X-B' },
      secureJsonData: { httpHeaderValue1: 'b', httpHeaderValue2: '' },
    });
    expect(valid.ok && valid.request.jsonData).not.toHaveProperty('httpHeaderName2');
  });

  it('says per field what is wrong, with the field’s label in front of the contract’s message', () => {
    const state = formFromDataSource('prometheus', undefined, '  ');
    state.values.url = 'localhost:9090';
    state.values['jsonData.timeout'] = 'ten';
    state.values['jsonData.timeInterval'] = '15 seconds';
    const result = validateForm('prometheus', withAuthMethod(state, 'basic'));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fieldErrors).toEqual({
        name: 'Name cannot be empty',
        url: 'URL must be an http:// or https:// address, e.g. http://localhost:9090',
        'jsonData.timeout': 'Timeout (seconds) must be a whole number above 0',
        'jsonData.timeInterval': 'Scrape interval must be a duration such as 15s, 1m or 1h',
        basicAuthUser: 'User is required',
        'secureJsonData.basicAuthPassword': 'Password is required',
      });
      expect(result.formErrors).toEqual([]);
    }
  });

  it('places the server’s refusals by the `field` it names, in its words', () => {
    const state = formFromDataSource('prometheus', undefined, 'x');
    const refused = (status: number, message: string, field?: string) => new ApiError(status, message, { message, field });
    expect(placeServerError('prometheus', state, refused(409, 'data source with the same name already exists: "x"', 'name'))).toEqual({
      fieldErrors: { name: 'data source with the same name already exists: "x"' },
      formErrors: [],
    });
    expect(placeServerError('prometheus', state, refused(400, 'unknown data source type "foo"', 'type'))?.fieldErrors).toEqual({
      type: 'unknown data source type "foo"',
    });
    expect(placeServerError('prometheus', state, refused(400, 'that address is not allowed', 'url'))).toEqual({
      fieldErrors: { url: 'that address is not allowed' },
      formErrors: [],
    });
    expect(
      placeServerError('prometheus', state, refused(400, 'bad request data: jsonData.timeout: must be a number', 'jsonData.timeout')),
    ).toEqual({ fieldErrors: { 'jsonData.timeout': 'bad request data: jsonData.timeout: must be a number' }, formErrors: [] });
    // A field the form does not show: said above the buttons, in the server's words.
    expect(placeServerError('prometheus', state, refused(400, 'must be true or false', 'withCredentials'))).toEqual({
      fieldErrors: {},
      formErrors: ['must be true or false'],
    });
  });

  it('leaves a refusal that names no field to the page, whatever its words', () => {
    const state = formFromDataSource('prometheus', undefined, 'x');
    expect(
      placeServerError('prometheus', state, new ApiError(409, 'Datasource has already been updated by someone else', {})),
    ).toBeUndefined();
    // Words alone place nothing: a message that mentions the URL is not about the URL field.
    expect(placeServerError('prometheus', state, new ApiError(400, 'Validation error, invalid URL', {}))).toBeUndefined();
  });
});

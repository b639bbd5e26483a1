import { describe, expect, it } from 'vitest';
import { submitFailure } from './submit-errors';

const texts = { summary: 'Check the fields.', network: 'No connection.' };

describe('submitFailure', () => {
  it('maps 422 details to fields under the summary title', () => {
    const err = { status: 422, code: 'validation-failed', message: 'Some data is not valid', details: [{ location: 'body', path: 'email', message: 'field:email-invalid' }] };
    expect(submitFailure(err, 'en', texts)).toEqual({ title: 'Check the fields.', fields: { email: 'Enter a valid e-mail address.' } });
  });
  it('puts a known code beside its field and keeps the server message as the title', () => {
    const err = { status: 409, code: 'email-taken', message: 'Taken.' };
    expect(submitFailure(err, 'en', texts, { 'email-taken': 'email' })).toEqual({ title: 'Taken.', fields: { email: 'Taken.' } });
    expect(submitFailure({ status: 401, code: 'invalid-credentials', message: 'Wrong.' }, 'en', texts)).toEqual({ title: 'Wrong.', fields: {} });
  });
  it('reports network failures and unknown errors as the network text', () => {
    expect(submitFailure({ status: 0, code: 'something-went-wrong', message: 'x', network: true }, 'en', texts).title).toBe('No connection.');
    expect(submitFailure(new Error('boom'), 'en', texts).title).toBe('No connection.');
  });
});

import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import { templateResolver, templateValues, type TemplateValues } from './template-form';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<TemplateValues>;
const resolve = (kind: 'email' | 'sms', values: Partial<TemplateValues>) =>
  templateResolver(kind, 7, null)({ ...templateValues(kind, null), ...values }, undefined, options);

describe('the template dialog checks what the server checks', () => {
  it('shows the bound-move rule on the "to" status, with the other fields', async () => {
    const { errors } = await resolve('email', { name: '', id_status_from: 2, id_status_to: 2 });
    expect(errors.id_status_to?.message).toBe('templateSameStatus');
    expect(errors.name?.message).toBe('required');
    const missing = await resolve('sms', { name: 'Offer', text: 'Hi', id_status_to: null });
    expect(missing.errors.id_status_to?.message).toBe('templateNeedsMove');
  });

  it('sends the request the server parses; a template of another type is bound to no move', async () => {
    const { values } = await resolve('sms', {
      name: 'Reminder',
      text: 'Hello',
      id_type: MESSAGE_TYPE.REMINDER,
      id_status_from: 2,
      id_status_to: 2,
    });
    expect(values).toEqual({
      id_campus: 7,
      name: 'Reminder',
      lng: 'en',
      text: 'Hello',
      id_status_from: null,
      id_status_to: null,
      id_text_message_type: MESSAGE_TYPE.REMINDER,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { renderTemplate } from '@openseat/shared/communication';
import { OFFER_EMAILS, OFFER_TEXT_MESSAGES } from './default-templates';

const values = {
  guardian_name: 'Ana',
  applicant_first_name: 'Leo',
  applicant_last_name: 'Ruiz',
  school_name: 'Sharon School',
  campus_name: 'North',
  grade: 'K',
  school_year: '2027-2028',
  campus_phone: '+1 602 555 0100',
  campus_email: 'north@example.org',
  portal_link: 'https://example.org/family/link/x',
};
const texts = [...OFFER_EMAILS.flatMap((t) => [t.subject, t.text]), ...OFFER_TEXT_MESSAGES.map((t) => t.text)];

describe('the offer messages a school starts with', () => {
  it('name the deadline when the offer has one', () => {
    for (const text of texts) {
      const rendered = renderTemplate(text, { ...values, acceptance_deadline: 'May 1, 2027 at 5:00 PM MST' });
      expect(rendered).toContain('May 1, 2027 at 5:00 PM MST');
      expect(rendered).not.toContain('{{');
    }
  });

  it('read whole without one (a period whose rule sets no deadline): no "by" with nothing after it', () => {
    for (const text of texts) {
      const rendered = renderTemplate(text, { ...values, acceptance_deadline: null });
      expect(rendered).not.toContain('{{');
      expect(rendered).not.toMatch(/ {2}|\n{3}| :|：：|在之前/);
      expect(rendered).not.toMatch(/\b(by|antes del|trước|anvan|قبل)\s*[:：]/);
    }
    const english = OFFER_EMAILS.find((t) => t.lng === 'en')!;
    expect(renderTemplate(english.subject, values)).toBe('A seat for Leo at Sharon School');
    expect(renderTemplate(english.text, values)).toContain('school year.\n\nTo accept or decline, answer online');
  });
});

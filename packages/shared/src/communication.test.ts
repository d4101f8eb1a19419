import { describe, expect, it } from 'vitest';
import { placeholdersOf, renderTemplate, smsSegments } from './communication';

describe('smsSegments', () => {
  it('sends 160 GSM-7 characters in one message and splits 161 into two parts of 153', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      units: 160,
      segments: 1,
      perSegment: 160,
      nonGsm: [],
    });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', units: 161, segments: 2, perSegment: 153 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(smsSegments('')).toMatchObject({ units: 0, segments: 0 });
  });

  it('counts the extension characters twice', () => {
    expect(smsSegments('€[]{}')).toMatchObject({ encoding: 'GSM-7', units: 10, segments: 1 });
    expect(smsSegments(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('turns to UCS-2 for a Spanish accent: 70 in one message, 71 in two parts of 67', () => {
    const seventy = `á${'a'.repeat(69)}`;
    expect(smsSegments(seventy)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1, perSegment: 70, nonGsm: ['á'] });
    expect(smsSegments(`${seventy}í`)).toMatchObject({
      encoding: 'UCS-2',
      units: 71,
      segments: 2,
      perSegment: 67,
      nonGsm: ['á', 'í'],
    });
    // ñ, é and ü are GSM-7 characters: they keep the 160 limit
    expect(smsSegments('Señor, qué pingüino')).toMatchObject({ encoding: 'GSM-7', nonGsm: [] });
  });

  it('counts an emoji outside the Basic Multilingual Plane as two', () => {
    expect(smsSegments('🎉')).toMatchObject({ encoding: 'UCS-2', units: 2, nonGsm: ['🎉'] });
    expect(smsSegments(`${'a'.repeat(68)}🎉`)).toMatchObject({ units: 70, segments: 1 });
    expect(smsSegments(`${'a'.repeat(69)}🎉`)).toMatchObject({ units: 71, segments: 2 });
  });
});

describe('renderTemplate', () => {
  const values = { applicant_first_name: '<b>x</b>', grade: 'K & 1', guardian_name: null };

  it('fills placeholders (with or without spaces) and leaves missing values empty', () => {
    expect(renderTemplate('Hi {{ guardian_name }}, {{applicant_first_name}} in {{grade}}{{unknown}}.', values)).toBe(
      'Hi , <b>x</b> in K & 1.',
    );
  });

  it('escapes every value in an HTML body, never the template itself', () => {
    expect(renderTemplate('<p>{{applicant_first_name}} ({{grade}})</p>', values, { html: true })).toBe(
      '<p>&lt;b&gt;x&lt;/b&gt; (K &amp; 1)</p>',
    );
    expect(renderTemplate('{{q}}', { q: `"it's"` }, { html: true })).toBe('&quot;it&#39;s&quot;');
  });

  it('keeps a section only when its field has a value, an inverted one only when it has none', () => {
    const offer =
      'A seat{{#acceptance_deadline}}: answer by {{acceptance_deadline}}{{/acceptance_deadline}}' +
      '{{^ acceptance_deadline }}: answer soon{{/acceptance_deadline}}.';
    expect(renderTemplate(offer, { acceptance_deadline: 'May 1' })).toBe('A seat: answer by May 1.');
    expect(renderTemplate(offer, { acceptance_deadline: null })).toBe('A seat: answer soon.');
    expect(renderTemplate(offer, { acceptance_deadline: '  ' })).toBe('A seat: answer soon.');
    // a section spans lines; a tag without its other half is dropped
    expect(renderTemplate('{{#grade}}\nin {{grade}}\n{{/grade}}{{#x}} left', values)).toBe('\nin K & 1\n left');
  });
});

describe('placeholdersOf', () => {
  it('lists each placeholder once, in order, over several texts, ignoring null ones', () => {
    expect(placeholdersOf('{{b}} {{ a }} {{b}}', null, undefined, '{{c.d}} {{a}} {not} {{ }}')).toEqual([
      'b',
      'a',
      'c.d',
    ]);
    expect(placeholdersOf()).toEqual([]);
    expect(placeholdersOf('{{#when}}by {{ when }}{{/when}}{{^ typo }}{{/typo}}')).toEqual(['when', 'typo']);
  });
});

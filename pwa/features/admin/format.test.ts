import { describe, expect, it } from 'vitest';
import { actionKey, detailsText, pageCount, pageRange, parsePage } from './format';

describe('pagination', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(5, 0)).toBe(1);
  });
  it('gives the shown range', () => {
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 20, 5)).toEqual({ from: 1, to: 5 });
    expect(pageRange(2, 20, 45)).toEqual({ from: 21, to: 40 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
  });
  it('parses ?page= safely', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2x')).toBe(1);
  });
});

describe('audit log helpers', () => {
  it('turns details JSON into short text', () => {
    expect(detailsText(null)).toBe('');
    expect(detailsText({ company_id: 3, email: 'a@b.c' })).toBe('company_id: 3, email: a@b.c');
    expect(detailsText('{"from":"queued","n":[1,2]}')).toBe('from: queued, n: [1,2]');
    expect(detailsText('plain words')).toBe('plain words');
    expect(detailsText([1, 2])).toBe('[1,2]');
  });
  it('makes action names safe as i18n keys', () => {
    expect(actionKey('company.verify')).toBe('company_verify');
    expect(actionKey('login-as-client')).toBe('login-as-client');
  });
});

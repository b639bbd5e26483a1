import { describe, expect, it } from 'vitest';
import type { ExtraQuestion } from '../../../../shared/schemas/application';
import { addQuestion, changeType, duplicateQuestion, missingEntries, moveQuestion, newQuestion, removeQuestion, updateQuestion } from './builder-ops';

let n = 0;
const ids = () => `id-${++n}`;
const q = (id: string, title = id): ExtraQuestion => ({ ...newQuestion('text250', () => id), title: { en: title, sl: title } });

describe('extra-question builder operations', () => {
  it('a new question is required, allows comments and has one empty answer for choice types', () => {
    const radio = newQuestion('radio', ids);
    expect(radio).toMatchObject({ required: true, allow_comments: true, answers: [{}] });
    expect(newQuestion('text1000', ids).answers).toEqual([]);
    expect(newQuestion('scale', ids).scale).toMatchObject({ min: 1, max: 5 });
  });

  it('duplicate puts the copy right after the original with a new id and its own texts', () => {
    const list = [q('a'), q('b'), q('c')];
    const { list: next, copyId } = duplicateQuestion(list, 'b', () => 'b2');
    expect(next.map((x) => x.id)).toEqual(['a', 'b', 'b2', 'c']);
    expect(copyId).toBe('b2');
    expect(next[2]!.title).toEqual(list[1]!.title);
    next[2]!.title.en = 'changed';
    expect(list[1]!.title.en).toBe('b');
  });

  it('duplicate of the last one goes to the end; an unknown id changes nothing', () => {
    expect(duplicateQuestion([q('a'), q('b')], 'b', () => 'x').list.map((x) => x.id)).toEqual(['a', 'b', 'x']);
    expect(duplicateQuestion([q('a')], 'zz', () => 'x')).toMatchObject({ copyId: null, list: [{ id: 'a' }] });
  });

  it('duplicate by default uses crypto.randomUUID', () => {
    const { copyId } = duplicateQuestion([q('a')], 'a');
    expect(copyId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('moves up, down, to the ends, and clamps', () => {
    const list = [q('a'), q('b'), q('c'), q('d')];
    expect(moveQuestion(list, 2, 1).map((x) => x.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveQuestion(list, 0, 1).map((x) => x.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveQuestion(list, 0, 3).map((x) => x.id)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveQuestion(list, 3, -5).map((x) => x.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveQuestion(list, 9, 0).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('adds, updates, removes and changes type', () => {
    let list = addQuestion([q('a')], q('b'));
    list = updateQuestion(list, 'b', { required: false });
    expect(list[1]!.required).toBe(false);
    expect(removeQuestion(list, 'a').map((x) => x.id)).toEqual(['b']);
    expect(changeType(list[0]!, 'checkbox')).toMatchObject({ type: 'checkbox', answers: [{}] });
    expect(changeType(list[0]!, 'text1000')).toMatchObject({ answers: [], scale: undefined });
  });

  it('lists missing texts by question number, field and language with the field to focus', () => {
    const a = q('a');
    const b: ExtraQuestion = { ...newQuestion('radio', () => 'b'), title: { en: 'Pick' }, answers: [{ en: 'Yes', sl: 'Da' }, { en: 'No' }] };
    const missing = missingEntries([a, b], ['en', 'sl']);
    expect(missing.map((m) => [m.number, m.field, m.answer_index, m.language])).toEqual([
      [2, 'title', undefined, 'sl'],
      [2, 'answer', 1, 'sl'],
    ]);
    expect(missing[1]!.fieldId).toBe('eq-b-answer-1-sl');
    expect(missingEntries([a], ['en', 'sl'])).toEqual([]);
  });
});

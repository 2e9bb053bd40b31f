// The conversation's storage: per language in sessionStorage, and robust to whatever is there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConversation, MAX_STORED_MESSAGES, messageId, saveConversation, storageKey, type ChatMessage } from '../conversation';

const QUESTION: ChatMessage = { id: 'q1', role: 'user', content: 'How long does company formation take?' };
const ANSWER: ChatMessage = {
  id: 'a1',
  role: 'assistant',
  content: '**Company formation — timeline**\n\n2-10 working days',
  sources: [{ title: 'Company formation', url: '/en/services/company-formation/' }],
};

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the stored conversation', () => {
  it('is kept per language under sahel.assistant.<lang>', () => {
    expect(storageKey('en')).toBe('sahel.assistant.en');
    saveConversation('en', [QUESTION, ANSWER]);
    expect(JSON.parse(sessionStorage.getItem('sahel.assistant.en')!)).toEqual([QUESTION, ANSWER]);
    expect(loadConversation('en')).toEqual([QUESTION, ANSWER]);
    expect(loadConversation('ar')).toEqual([]);
  });

  it('is removed when the conversation is cleared', () => {
    saveConversation('ar', [QUESTION, ANSWER]);
    saveConversation('ar', []);
    expect(sessionStorage.getItem('sahel.assistant.ar')).toBeNull();
  });

  it('keeps only the newest messages', () => {
    const many = Array.from({ length: MAX_STORED_MESSAGES + 10 }, (_, i): ChatMessage => ({ id: String(i), role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    saveConversation('en', many);
    const stored = loadConversation('en');
    expect(stored).toHaveLength(MAX_STORED_MESSAGES);
    expect(stored.at(-1)?.content).toBe(`m${MAX_STORED_MESSAGES + 9}`);
  });

  it('reads as empty when the stored value is corrupt', () => {
    for (const raw of ['{not json', '"a string"', '{"messages":[]}', 'null', '42']) {
      sessionStorage.setItem('sahel.assistant.en', raw);
      expect(loadConversation('en'), raw).toEqual([]);
    }
  });

  it('drops stored entries of the wrong shape and keeps the rest', () => {
    sessionStorage.setItem(
      'sahel.assistant.en',
      JSON.stringify([QUESTION, null, 'x', { id: 1, role: 'user', content: 'x' }, { id: 'b', role: 'system', content: 'x' }, { ...ANSWER, sources: [{ title: 1 }, ANSWER.sources![0]] }]),
    );
    expect(loadConversation('en')).toEqual([QUESTION, ANSWER]);
  });

  it('offers a retry for an answer that never finished', () => {
    sessionStorage.setItem('sahel.assistant.en', JSON.stringify([QUESTION, { id: 'a', role: 'assistant', content: 'Half', status: 'streaming' }]));
    expect(loadConversation('en')[1]).toMatchObject({ id: 'a', status: 'error' });

    sessionStorage.setItem('sahel.assistant.en', JSON.stringify([QUESTION]));
    const [question, failed] = loadConversation('en');
    expect(question).toEqual(QUESTION);
    expect(failed).toMatchObject({ role: 'assistant', status: 'error' });
  });

  it('works without storage: reads nothing, and saving does not throw', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(loadConversation('en')).toEqual([]);
    expect(() => saveConversation('en', [QUESTION])).not.toThrow();
  });

  it('gives unique message ids', () => {
    const ids = new Set(Array.from({ length: 100 }, messageId));
    expect(ids.size).toBe(100);
  });
});

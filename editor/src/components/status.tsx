// The status line: one aria-live region for the whole editor (saves, checks, errors), so a
// screen reader hears what happened without focus moving.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type Tone = 'info' | 'success' | 'error';

interface StatusMessage {
  id: number;
  text: string;
  tone: Tone;
}

type Announce = (text: string, tone?: Tone) => void;

const StatusContext = createContext<Announce>(() => {});

export function useAnnounce(): Announce {
  return useContext(StatusContext);
}

let nextId = 1;

export function StatusProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const announce = useCallback<Announce>((text, tone = 'info') => setMessage({ id: nextId++, text, tone }), []);
  const value = useMemo(() => announce, [announce]);
  return (
    <StatusContext.Provider value={value}>
      {children}
      <div className={`status-line status-${message?.tone ?? 'info'}`} role="status" aria-live="polite" aria-atomic="true" data-testid="status">
        {message && <span key={message.id}>{message.text}</span>}
      </div>
    </StatusContext.Provider>
  );
}

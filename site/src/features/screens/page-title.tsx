import type { ReactNode } from 'react';

export function PageTitle({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-emerald-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}

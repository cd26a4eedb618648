import type { ReactNode } from 'react';

/** The head of an item's page on a phone: its title, what kind of item it is and its status. */
export function PhoneHero({ title, kind, status }: { title: string; kind: string; status: ReactNode }) {
  return (
    <section className="m-hero">
      <div className="m-hero-title" data-testid="m-item-title">
        {title}
      </div>
      <div className="m-hero-sub">
        <span>{kind}</span>
        {status}
      </div>
    </section>
  );
}

/** A screen's card: a region named by its heading, a bar with the heading and the screen's main actions, then its body. */
import { useId, type ReactNode } from 'react';

/** The card every list screen (Contacts, Bookings, Messages) is built in; `className` sets the screen's own look. */
export function ScreenCard(props: {
  className: string;
  title: string;
  testId: string;
  loading: boolean;
  /** The screen's main actions, at the end of the bar. */
  actions?: ReactNode;
  /** Further data-* attributes the tests read (mode, source…). */
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={`card ${props.className}`}
      aria-labelledby={headingId}
      data-testid={props.testId}
      data-loading={props.loading ? 'true' : 'false'}
      {...props.data}
    >
      <div className="screen-bar">
        <h2 id={headingId}>{props.title}</h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}

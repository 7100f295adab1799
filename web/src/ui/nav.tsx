// Going to another screen without reloading the page: the address changes (history.pushState)
// and the app follows it as it follows the back button (popstate).

import type { ComponentChildren, JSX } from "preact";

/** Show the screen of address ``url`` ("/?view=leaderboard"). */
export function navigate(url: string): void {
  history.pushState({}, "", url);
  window.dispatchEvent(new PopStateEvent("popstate"));
  window.scrollTo(0, 0);
}

type AnchorProps = Omit<JSX.HTMLAttributes<HTMLAnchorElement>, "href" | "onClick">;

/** A link to one of the page's screens: a plain click stays in the page, a click with a
 * modifier (a new tab) is the browser's. */
export function Link({ href, children, ...rest }: AnchorProps & { href: string; children: ComponentChildren }) {
  const click = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={click} {...rest}>
      {children}
    </a>
  );
}

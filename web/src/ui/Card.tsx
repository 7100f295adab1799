// One card face (SVG drawn by ../cards), as a span that a hand, a trick or a replay places.

import { cardName, cardSvg } from "../cards";
import { useSettings } from "./settings";

interface Props {
  token: string;
  class?: string;
  onClick?: () => void;
  legal?: boolean;
  seat?: number;
  title?: string;
}

export function Card({ token, class: extra = "", onClick, legal, seat, title }: Props) {
  const s = useSettings();
  const options = { french: s.french, lang: s.lang };
  const name = cardName(token, options);
  const clickable = onClick !== undefined;
  return (
    <span
      class={`card-wrap ${extra}${legal ? " legal" : ""}`}
      data-card={token}
      data-seat={seat}
      title={title ?? name}
      role={clickable ? "button" : undefined}
      aria-label={clickable ? name : undefined}
      tabIndex={clickable ? 0 : -1}
      onClick={onClick}
      onKeyDown={
        clickable
          ? (e: KeyboardEvent) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onClick();
              }
            }
          : undefined
      }
      dangerouslySetInnerHTML={{ __html: cardSvg(token, options) }}
    />
  );
}

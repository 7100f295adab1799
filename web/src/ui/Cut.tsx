// A name in a narrow table (the side column, a phone): cut with "…" where it is too long,
// the whole name in its tooltip, so that the table's figures keep their room. A tap or the
// keyboard (it takes focus) shows the whole name where no pointer hovers (a phone).

export function Cut({ text }: { text: string }) {
  return (
    <span class="cut" title={text} tabIndex={0}>
      {text}
    </span>
  );
}

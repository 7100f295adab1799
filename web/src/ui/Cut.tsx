// A name in a narrow table (the side column, a phone): cut with "…" where it is too long,
// the whole name in its tooltip, so that the table's figures keep their room.

export function Cut({ text }: { text: string }) {
  return (
    <span class="cut" title={text}>
      {text}
    </span>
  );
}

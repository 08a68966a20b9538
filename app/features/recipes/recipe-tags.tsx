/** A recipe's diet tags ("Vegetariana", "Senza glutine"…), on its card and its page; nothing when it has none. */
export function RecipeTags({ tags }: { tags: { value: string; label: string }[] }) {
  if (!tags.length) return null;
  return (
    <ul className="recipe-tags" aria-label="Caratteristiche">
      {tags.map((tag) => (
        <li key={tag.value} className="recipe-tag">
          {tag.label}
        </li>
      ))}
    </ul>
  );
}

/** One Me In 3 picture as a profile shows it: the picture (16:19), what it shows, and its caption. */
export function MeIn3Figure({ picture }: { picture: { source: string; category: string; caption: string } }) {
  return (
    <figure className="grid gap-1">
      <img src={picture.source} alt={picture.caption ? `${picture.category}: ${picture.caption}` : picture.category} width={640} height={760} loading="lazy" className="aspect-[16/19] h-auto w-full rounded-md object-cover" />
      <figcaption className="text-sm">
        <span className="block font-medium">{picture.category}</span>
        {picture.caption ? <span className="block text-slate-700">{picture.caption}</span> : null}
      </figcaption>
    </figure>
  );
}

/** A person's favourite things (My Stuff), by category. */
export function MyStuffList({ groups, children }: { groups: { category: string; things: { entryId: number; name: string }[] }[]; children?: (thing: { entryId: number; name: string }) => React.ReactNode }) {
  return (
    <dl className="grid gap-3">
      {groups.map((group) => (
        <div key={group.category}>
          <dt className="text-sm font-medium">{group.category}</dt>
          <dd>
            <ul className="mt-1 flex flex-wrap gap-2">
              {group.things.map((thing) => (
                <li key={thing.entryId} className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm">
                  {thing.name}
                  {children ? children(thing) : <span className="pr-2" />}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}

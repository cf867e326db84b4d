// The pages `npm run bench` measures: one line each. `as` is the demo user the
// harness signs in as (null: a visitor); every program is acme. A page with
// `link` is found on the page `path` names: the first href matching `link`
// there (a post of the feed, the feed's next page) is what is measured.
export const pages = [
  { path: "/login", as: null },
  { path: "/feed", as: "employee" },
  { path: "/feed", link: /href="(\/post\/\d+)"/, as: "employee" },
  // The feed's next page: as a page without JavaScript, and as infinite scroll asks for it.
  { path: "/feed", link: /href="(\/feed\?cursor=\d+)"/, as: "employee" },
  { path: "/feed", link: /href="\/feed(\?cursor=\d+)"/, prefix: "/feed/page", as: "employee" },
  { path: "/transaction-history/my-points", as: "employee" },
  { path: "/create-lot", as: "admin" },
  // The storefront: where to redeem, the gift-card catalogue, and Select Amount (delivery and orders change data).
  { path: "/storefront", as: "employee" },
  { path: "/storefront/gift-cards", as: "employee" },
  { path: "/storefront/gift-cards/northwind-books", as: "employee" },
  // eCards: the composer, the box of cards received, and a card (the demo manager's thank-you, with its reply).
  { path: "/ecard/new", as: "manager" },
  { path: "/ecard/received", as: "employee" },
  { path: "/ecard/received", link: /href="(\/ecard\/received\/\d+)"/, as: "employee" },
  // Points to give: an approver's list (pending, then history); nominations: the composer and an approver's list.
  { path: "/approvals/points", as: "admin" },
  { path: "/nomination/new", as: "manager" },
  { path: "/approvals/nominations", as: "admin" },
  // Milestones: the next year's birthdays and anniversaries of the whole program, a page at a time, with month counts.
  { path: "/milestones", as: "employee" },
  // A person's own profile (wall, Me In 3, My Stuff) and their recognition story (the ledger and the wall by month).
  { path: "/profile", link: /href="(\/profile\/\d+\/story)"/, as: "employee" },
  { path: "/profile", link: /href="(\/profile\/\d+)\/story"/, as: "employee" },
  // The recipient lookup every picker calls as one types (JSON); "p50 alone" is its answer time.
  { path: "/people/search?for=mentions&q=sofi", as: "employee" },
];

import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/landing.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("articoli/feed.xml", "routes/article-feed.ts"),
  route("admin-logout", "routes/admin-logout.ts"),
  // A visitor's report of a review (form post, or fetch from the reviews page).
  route("reviews/:id/segnala", "routes/review-report.ts"),
  // The contact form, when e-mail is configured (otherwise it opens the visitor's mail program).
  route("contatti", "routes/contact.ts"),
  // Her agenda's calendar feed, /agenda/<token>.ics: a calendar app has no session, the token is the key.
  route("agenda/:file", "routes/agenda-feed.ts"),
  layout("routes/site-layout.tsx", [
    route("home", "routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("reviews", "routes/reviews.tsx"),
    route("prenota", "routes/booking.tsx"),
    route("prenota/gestisci/:token", "routes/booking-manage.tsx"),
    route("prenota/lista-attesa", "routes/booking-waiting-list.tsx"),
    route("ricette", "routes/recipes.tsx"),
    route("ricette/:slug", "routes/recipe.tsx"),
    // A studio's page; an older slug of it answers 301.
    route("studi/:slug", "routes/studio.tsx"),
    // Her articles (their Atom feed is above, outside the layout).
    route("articoli", "routes/articles.tsx"),
    route("articoli/:slug", "routes/article.tsx"),
    // The FAQ.
    route("domande-frequenti", "routes/faq.tsx"),
    // The newsletter's form, its confirmation link and its unsubscribe link (one-click POST too).
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/conferma/:token", "routes/newsletter-confirm.tsx"),
    route("newsletter/disiscriviti/:token", "routes/newsletter-unsubscribe.tsx"),
    route("admin-login", "routes/admin-login.tsx"),
    route("admin-login/password-dimenticata", "routes/admin-password-forgot.tsx"),
    route("admin-login/nuova-password", "routes/admin-password-reset.tsx"),
    // The admin area: one route per screen, and one per resource for its changes, all under
    // the admin layout, whose middleware requires an administrator session for every one.
    layout("routes/admin/layout.tsx", [
      route("admin", "routes/admin/index.tsx"),
      route("admin/foto", "routes/admin/photos.ts"),
      // A studio's photos (added, described, moved, removed on the studios' screen).
      route("admin/foto-studi", "routes/admin/studio-photos.ts"),
      route("admin/recensioni", "routes/admin/reviews.ts"),
      route("admin/account", "routes/admin/account.tsx"),
      route("admin/contenuti", "routes/admin/content.tsx", [
        index("routes/admin/content-versions.tsx"),
        route("versioni/:numero", "routes/admin/content-version.tsx"),
        route("pratica", "routes/admin/content-practice.tsx"),
        route("studi", "routes/admin/content-studios.tsx"),
        route("orari", "routes/admin/content-hours.tsx"),
        route("testi", "routes/admin/content-texts.tsx"),
        route("servizi", "routes/admin/content-services.tsx"),
        route("ritratto", "routes/admin/content-portrait.tsx"),
      ]),
      route("admin/inviti", "routes/admin/invitations.tsx"),
      route("admin/risposte", "routes/admin/replies.tsx"),
      route("admin/segnalazioni", "routes/admin/reports.tsx"),
      route("admin/backup", "routes/admin/backup.tsx"),
      route("admin/backup/scarica", "routes/admin/backup-download.ts"),
      // Everything a real address needs, checked (the same checks as npm run doctor).
      route("admin/stato", "routes/admin/site-status.tsx"),
      route("admin/agenda", "routes/admin/agenda.tsx"),
      route("admin/prenotazioni", "routes/admin/prenotazioni.tsx"),
      route("admin/ricette", "routes/admin/recipes.tsx"),
      route("admin/ricette/:id", "routes/admin/recipe-edit.tsx"),
      route("admin/articoli", "routes/admin/articles.tsx"),
      route("admin/articoli/immagini", "routes/admin/article-image.ts"),
      route("admin/articoli/:id", "routes/admin/article-edit.tsx"),
      route("admin/articoli/:id/ripristina", "routes/admin/article-restore.ts"),
      // The FAQ's list (groups, order, deletions) and a question's editor.
      route("admin/domande", "routes/admin/faq.tsx"),
      route("admin/domande/:id", "routes/admin/faq-edit.tsx"),
      // The visit statistics and their CSV.
      route("admin/statistiche", "routes/admin/statistics.tsx"),
      route("admin/statistiche.csv", "routes/admin/statistics-csv.ts"),
      // Subscribers, the next newsletter, its sending.
      route("admin/newsletter", "routes/admin/newsletter.tsx"),
      // The first-run setup, one step per URL (none: the first).
      route("admin/configurazione/:passo?", "routes/admin/setup.tsx"),
      // What is still an example, and publishing the site (or putting it back in preparation).
      route("admin/pubblica", "routes/admin/publish.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;

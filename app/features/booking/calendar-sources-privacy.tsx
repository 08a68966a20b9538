/** The privacy page's paragraph on her other calendars (decision 53): what is kept of them, why, for how long. */
export function CalendarSourcesPrivacy() {
  return (
    <p>
      Per non proporre orari in cui sono già impegnata, il sito legge i miei altri calendari (quello personale, quelli
      degli altri studi in cui lavoro) e ne conserva solo gli intervalli di tempo occupati e il calendario da cui
      vengono: mai titoli, descrizioni, luoghi o partecipanti degli impegni. Gli intervalli già trascorsi sono
      cancellati automaticamente entro pochi minuti; quelli di un calendario che tolgo dalle impostazioni sono
      cancellati subito.
    </p>
  );
}

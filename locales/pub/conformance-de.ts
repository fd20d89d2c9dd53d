import type { CriterionTexts } from './conformance.js';

const UNTESTED = 'Kein Fehler bekannt, aber noch kein Test belegt dies (nur von Hand geprüft).';

/**
 * The accessibility report's criteria in German: the names of the authorised German translation of WCAG 2.2, the
 * remarks translated from client/lib/conformance-report.ts.
 */
export const conformanceDe: CriterionTexts = {
  '1.1.1': {
    name: 'Nicht-Text-Inhalt',
    remarks:
      'Motorradfotos tragen den Namen des Motorrads als Alternativtext; Symbole neben einer Textbeschriftung sind für assistive Technologien ausgeblendet; reine Symbol-Schaltflächen haben Namen. Von axe (image-alt, svg-img-alt, button-name, role-img-alt) auf jeder Route geprüft.',
  },
  '1.2.1': { name: 'Reine Audio- und Videoinhalte (aufgezeichnet)', remarks: 'Das Produkt enthält weder Audio noch Video.' },
  '1.2.2': { name: 'Untertitel (aufgezeichnet)', remarks: 'Das Produkt enthält kein Video.' },
  '1.2.3': { name: 'Audiodeskription oder Medienalternative (aufgezeichnet)', remarks: 'Das Produkt enthält kein Video.' },
  '1.3.1': {
    name: 'Info und Beziehungen',
    remarks:
      'Überschriften, Listen, Tabellen mit Kopfzellen, beschriftete Felder und Landmarks werden von axe auf jeder Route geprüft (einschließlich Überschriftenreihenfolge und Landmarks). Geöffnete Dialoge und Menüs werden nur auf einigen Ansichten geprüft (die Rückgabe- und Stornierungsdialoge, das Kontomenü).',
  },
  '1.3.2': { name: 'Bedeutungstragende Reihenfolge', remarks: `Die Lesereihenfolge ist die Reihenfolge im Quelltext; kein Layout ordnet visuell um. ${UNTESTED}` },
  '1.3.3': { name: 'Sensorische Eigenschaften', remarks: `Anweisungen nennen Bedienelemente bei ihrem Text, nicht nach Form, Farbe oder Position. ${UNTESTED}` },
  '1.4.1': {
    name: 'Benutzung von Farbe',
    remarks:
      'Die Verfügbarkeit wird in Worten wie in Farbe angegeben: Kalendertage werden etwa als „Freitag, 27. November 2026, 3 von 5 Motorrädern frei“ vorgelesen; Links im Text sind unterstrichen (axe link-in-text-block).',
  },
  '1.4.2': { name: 'Audio-Steuerelement', remarks: 'Das Produkt spielt keine Töne ab.' },
  '2.1.1': {
    name: 'Tastatur',
    remarks:
      'Kalender, Buchung, Zahlung und das Widget auf einer anderen Website werden in Browsertests allein mit der Tastatur bedient; scrollbare Tabellen sind fokussierbare Bereiche (Zahlungsprobleme auf dem Smartphone, von axe geprüft). Nicht alle Admin-Ansichten werden mit reinen Tastaturtests bedient.',
  },
  '2.1.2': {
    name: 'Keine Tastaturfalle',
    remarks:
      'Dialoge schließen mit Escape und geben den Fokus zurück (der Dialog des Widgets gibt den Fokus an seine Schaltfläche zurück, getestet); andere Dialoge verlassen sich auf das Verhalten der Komponentenbibliothek.',
  },
  '2.1.4': { name: 'Tastaturkürzel', remarks: 'Es gibt keine Tastenkürzel aus einzelnen Zeichen; der Kalender reagiert nur auf Pfeiltasten, solange er den Fokus hat.' },
  '2.2.1': {
    name: 'Zeiteinteilung anpassbar',
    remarks:
      'Eine unbezahlte Buchung reserviert ihre Motorräder für HOLD_MINUTES (standardmäßig 15), was Kunden nicht verlängern können (andere Kunden warten auf die Motorräder); ein Live-Countdown sagt, wie viel Zeit bleibt, angesagt bei 10, 5 und 1 Minute, und eine verfallene Buchung kann einfach neu angelegt werden. Sitzungen dauern 7 Tage.',
  },
  '2.2.2': {
    name: 'Pausieren, beenden, ausblenden',
    remarks:
      'Die Kundenstimmen wechseln von selbst und lassen sich mit einer Schaltfläche anhalten; Scroll-Animationen sind bei reduzierter Bewegung aus. Der Countdown der Reservierung ist eine wesentliche Information und keine Live-Region.',
  },
  '2.3.1': { name: 'Grenzwert von dreimaligem Blitzen oder weniger', remarks: 'Nichts blinkt.' },
  '2.4.1': { name: 'Blöcke umgehen', remarks: 'Jede Seite beginnt mit „Zum Hauptinhalt springen“ und hat Landmarks (axe bypass, region).' },
  '2.4.2': { name: 'Seite mit Titel', remarks: 'Jede Seite hat ihren eigenen Titel („<Seite> | Okay Bike“).' },
  '2.4.3': {
    name: 'Fokus-Reihenfolge',
    remarks:
      'Nach einem Seitenwechsel geht der Fokus auf die neue Überschrift; das Schließen eines Dialogs gibt den Fokus an das zurück, was ihn geöffnet hat (getestet am Kontomenü, an Stornieren und Umbuchen und am Widget). Nicht jede Ansicht ist abgedeckt.',
  },
  '2.4.4': {
    name: 'Linkzweck (im Kontext)',
    remarks:
      'Links haben Namen (axe link-name); wiederholte „Jetzt bezahlen“-Links tragen das Motorrad in ihrem zugänglichen Namen. Ob jeder Name klar ist, wird von Hand beurteilt.',
  },
  '2.5.1': { name: 'Zeigergesten', remarks: 'Nichts wird durch eine pfadbasierte oder Mehrpunkt-Geste bedient.' },
  '2.5.2': { name: 'Zeigerabbruch', remarks: `Bedienelemente lösen beim Loslassen aus (Klick). ${UNTESTED}` },
  '2.5.3': {
    name: 'Beschriftung im Namen',
    remarks:
      'Zugängliche Namen beginnen mit der sichtbaren Beschriftung (z. B. ist „Send test“ der Anfang seines Namens unter Webhooks). axe prüft das, wo seine Regel greift; nicht jedes Bedienelement ist abgedeckt.',
  },
  '2.5.4': { name: 'Betätigung durch Bewegung', remarks: 'Nichts reagiert auf Bewegungen des Geräts.' },
  '3.1.1': {
    name: 'Sprache der Seite',
    remarks: 'Jede Seite gibt ihre Sprache an: lang="en", auf deutschen Seiten lang="de", auf bengalischen lang="bn" (axe html-has-lang, html-lang-valid).',
  },
  '3.2.1': { name: 'Bei Fokus', remarks: `Der Fokus sendet, navigiert oder öffnet nie etwas. ${UNTESTED}` },
  '3.2.2': {
    name: 'Bei Eingabe',
    remarks:
      'Das Ändern eines Felds navigiert nie; die Filter unter „Alle Motorräder“ aktualisieren die Liste an Ort und Stelle und werden angesagt. Nicht jedes Formular ist darauf getestet.',
  },
  '3.2.6': {
    name: 'Konsistente Hilfe',
    remarks:
      'Kontakt und die Seite zur Barrierefreiheit sind auf jeder öffentlichen Seite an derselben Stelle in der Fußzeile verlinkt (getestet); das Dashboard und der Rahmen des Widgets haben keine Fußzeile.',
  },
  '3.3.1': {
    name: 'Fehlererkennung',
    remarks:
      'Feldfehler werden an ihren Feldern angezeigt und benannt, und der Server nennt das Feld in jeder 400-Antwort. Getestet an den Formularen für Kontakt, Registrierung und Buchung, nicht an jedem Admin-Formular.',
  },
  '3.3.2': {
    name: 'Beschriftungen oder Anweisungen',
    remarks:
      'Jedes Feld hat eine sichtbare Beschriftung (axe label, select-name, aria-input-field-name); die Buchung sagt, dass die Zeiten in der Ortszeit des Shops gelten.',
  },
  '3.3.7': {
    name: 'Redundante Eingaben',
    remarks: 'Das gewählte Motorrad, Zeitfenster und die Menge bleiben über „Zum Mieten anmelden“ und die Registrierung erhalten; das Schließen von „Jetzt buchen“ behält die Zeiten.',
  },
  '4.1.1': {
    name: 'Syntaxanalyse',
    remarks:
      'In WCAG 2.2 entfallen; für WCAG 2.0 und 2.1 gilt es laut den Errata des W3C als immer erfüllt. Die Seiten werden von React erzeugt (wohlgeformt, eindeutige IDs).',
  },
  '4.1.2': {
    name: 'Name, Rolle, Wert',
    remarks:
      'Bedienelemente geben Namen, Rollen und Zustände weiter (axe-Regeln aria-*, button-name, nested-interactive); die Tage des Kalenders, die Menge und der Dialog des Widgets werden über ihren Namen geprüft. Zustände eigener Komponenten in Admin-Ansichten werden nicht alle geprüft.',
  },
  '1.2.4': { name: 'Untertitel (live)', remarks: 'Das Produkt enthält keine Live-Medien.' },
  '1.2.5': { name: 'Audiodeskription (aufgezeichnet)', remarks: 'Das Produkt enthält kein Video.' },
  '1.3.4': {
    name: 'Ausrichtung',
    remarks: 'Keine Seite legt ihre Ausrichtung fest (axe css-orientation-lock); jede Route wird bei 390 px im Hochformat und 1280 px im Querformat geprüft.',
  },
  '1.3.5': {
    name: 'Bestimmung des Eingabezwecks',
    remarks:
      'Felder für Name, E-Mail, Telefon, Adresse und Passwort tragen autocomplete-Angaben (axe autocomplete-valid); nicht jedes persönliche Feld der Admin-Ansichten hat eine.',
  },
  '1.4.3': {
    name: 'Kontrast (Minimum)',
    remarks:
      'Text erreicht 4,5:1 (3:1 bei großem Text) im hellen und im dunklen Design (axe color-contrast auf jeder Route × Rolle × Design × Breite sowie in geöffneten Dialogen und Menüs: den Rückgabe- und Stornierungsdialogen, dem Kontomenü). Text über Fotos wird nicht verwendet.',
  },
  '1.4.4': { name: 'Textgröße ändern', remarks: 'Größen sind relativ und Layouts passen sich an; noch kein Test vergrößert auf 200 %.' },
  '1.4.5': { name: 'Bilder eines Textes', remarks: `Text ist Text; das Logo ist das einzige gestaltete Wort. ${UNTESTED}` },
  '1.4.10': {
    name: 'Umfließen',
    remarks:
      'Jede Route wird bei 390 px auf waagerechtes Scrollen der Seite geprüft (breite Tabellen scrollen in einem fokussierbaren Bereich); 320 px wird noch nicht getestet.',
  },
  '1.4.11': {
    name: 'Nicht-Text-Kontrast',
    remarks:
      'Feldränder, Fokusringe und die Zustände der Kalendertage verwenden Designfarben, die für 3:1 gewählt sind; axe prüft Nicht-Text-Kontrast nicht, und kein Test misst ihn.',
  },
  '1.4.12': { name: 'Textabstand', remarks: `Nichts schneidet Text durch feste Höhen ab. ${UNTESTED}` },
  '1.4.13': {
    name: 'Inhalt bei Hover oder Fokus',
    remarks: `Tooltips bleiben, solange der Zeiger darauf ist, und schließen mit Escape (Verhalten der Komponentenbibliothek). ${UNTESTED}`,
  },
  '2.4.5': { name: 'Verschiedene Methoden', remarks: 'Seiten sind über die Navigation im Kopfbereich, die Suche und die Sitemap erreichbar.' },
  '2.4.6': {
    name: 'Überschriften und Beschriftungen',
    remarks:
      'Jede Seite hat eine h1 und Überschriften in Reihenfolge (axe heading-order, page-has-heading-one, empty-heading); Felder sind nach dem beschriftet, was sie abfragen.',
  },
  '2.4.7': {
    name: 'Fokus sichtbar',
    remarks: 'Ein sichtbarer Fokusring an jedem Bedienelement, in beiden Designs; die Schaltfläche des Widgets und seine Schließen-Schaltfläche haben einen eigenen.',
  },
  '2.4.11': {
    name: 'Fokus nicht verdeckt (Minimum)',
    remarks: `Der fixierte Kopfbereich ist niedrig, und die Seite scrollt fokussierte Bedienelemente mit Abstand in den sichtbaren Bereich. ${UNTESTED}`,
  },
  '2.5.7': { name: 'Ziehbewegungen', remarks: 'Nichts wird durch Ziehen bedient; der Kalender wählt Tage per Klick oder Tasten.' },
  '2.5.8': {
    name: 'Zielgröße (Minimum)',
    remarks: 'Ziele sind mindestens 24 × 24 CSS-Pixel groß oder haben Abstand (axe target-size), auf jeder Route in beiden Breiten.',
  },
  '3.1.2': {
    name: 'Sprache von Teilen',
    remarks: 'Jede Seite ist in einer Sprache; die Sprachauswahl nennt jede Sprache in ihr selbst mit eigenem lang, und die Titel der Tests in diesem Bericht bleiben Englisch, mit lang="en" ausgezeichnet. Texte, die der Shop nur in einer Sprache geschrieben hat (Beschreibungen der Motorräder, Namen von Zusatzleistungen), stehen auf den Seiten der anderen Sprachen so, wie sie geschrieben sind, ohne eigenes lang.',
  },
  '3.2.3': { name: 'Konsistente Navigation', remarks: 'Die Links im Kopfbereich stehen auf jeder Seite in derselben Reihenfolge, je nach Anmeldestatus.' },
  '3.2.4': {
    name: 'Konsistente Erkennung',
    remarks: `Dieselben Funktionen tragen überall dieselben Namen („Jetzt bezahlen“, „Stornieren“, „Umbuchen“). ${UNTESTED}`,
  },
  '3.3.3': {
    name: 'Fehlerempfehlung',
    remarks:
      'Meldungen sagen, wie die Eingabe zu korrigieren ist („Der Shop ist mittwochs von 09:00 bis 18:00 Uhr geöffnet“, „Bitte wählen Sie eine Startzeit in der Zukunft“); nur an einigen Formularen getestet.',
  },
  '3.3.4': {
    name: 'Fehlervermeidung (rechtlich, finanziell, Daten)',
    remarks:
      'Der aufgeschlüsselte Preis und die Bedingungen werden vor der Zahlung der Buchungsgebühr angezeigt, der festgeschriebene Preis ist der angezeigte (sonst 409 PRICE_CHANGED), und das Stornieren fragt nach einer Bestätigung und sagt, ob die Gebühr erstattet wird.',
  },
  '3.3.8': {
    name: 'Barrierefreie Authentifizierung (Minimum)',
    remarks: 'Die Anmeldung fragt nur nach E-Mail und Passwort, erlaubt Einfügen und Passwortmanager (autocomplete) und hat kein Rätsel.',
  },
  '4.1.3': {
    name: 'Statusmeldungen',
    remarks:
      'Die Auswahl im Kalender, der Countdown der Reservierung und Zahlungsergebnisse werden über Live-Regionen angesagt (getestet); Toasts nutzen die alert-Rolle der Komponentenbibliothek. Nicht jede Statusmeldung wird geprüft.',
  },
};

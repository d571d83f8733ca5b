/**
 * Demo notes: what staff write after a call or a meeting, in Norwegian for Norwegian companies and in English for
 * British ones. Each is attached to a company, and every other one also to a contact of that company.
 */
export interface DemoNote {
  title: string;
  text: string;
}

export const norwegianNotes: DemoNote[] = [
  {
    title: "Oppstartsmøte",
    text: "Gikk gjennom behovene for neste kvartal. De ønsker et tilbud på årsavtale innen fredag.",
  },
  {
    title: "Telefon med daglig leder",
    text: "Fornøyd med leveransen så langt. Ber om ny kontaktperson for fakturaspørsmål.",
  },
  { title: "Oppfølging av tilbud", text: "Tilbudet er sendt videre til styret. Ny samtale avtalt om to uker." },
  {
    title: "Referat fra kundebesøk",
    text: "Omvisning på lageret. Mulighet for utvidet avtale når det nye bygget står ferdig.",
  },
  { title: "Reklamasjon", text: "Én levering kom frem skadet. Erstatning sendt, og transportøren er varslet." },
  {
    title: "Budsjett for neste år",
    text: "Innkjøpsansvarlig regner med samme volum som i år, med mulig økning i fjerde kvartal.",
  },
  { title: "Kontraktsfornyelse", text: "Avtalen løper ut i mars. De vil ha to års binding mot bedre pris." },
  { title: "Ny kontaktperson", text: "Økonomisjefen har sluttet. Ny kontakt er økonomiansvarlig fra neste måned." },
  { title: "Workshop avtalt", text: "Halvdagsworkshop om rutiner og opplæring, med fire deltakere fra kunden." },
  {
    title: "Purring på faktura",
    text: "Faktura forfalt for tre uker siden. Lovet betaling innen utgangen av måneden.",
  },
  { title: "Messe i Lillestrøm", text: "Traff salgssjefen på standen. Interessert i en demo av rapportene." },
  { title: "Avklaring om leveringstid", text: "Kunden trenger levering før fellesferien. Bekreftet uke 26." },
];

export const englishNotes: DemoNote[] = [
  {
    title: "Kick-off meeting",
    text: "Walked through next quarter's needs. They would like a proposal for an annual agreement by Friday.",
  },
  {
    title: "Call with the managing director",
    text: "Happy with the service so far. Asked for a new contact for invoicing questions.",
  },
  { title: "Proposal follow-up", text: "The proposal has gone to the board. Next call booked in two weeks." },
  { title: "Site visit notes", text: "Toured the warehouse. Room for a larger agreement once the new building opens." },
  { title: "Complaint", text: "One delivery arrived damaged. Replacement sent and the carrier informed." },
  {
    title: "Budget for next year",
    text: "Purchasing expects the same volume as this year, possibly more in the fourth quarter.",
  },
  {
    title: "Contract renewal",
    text: "The agreement ends in March. They want a two-year term in return for a better price.",
  },
  {
    title: "New contact person",
    text: "The finance director has left. The new contact is the financial controller from next month.",
  },
  { title: "Workshop booked", text: "Half-day workshop on routines and training, with four people from the customer." },
  { title: "Invoice reminder", text: "Invoice three weeks overdue. Payment promised by the end of the month." },
  { title: "Trade fair in Birmingham", text: "Met the sales manager at the stand. Interested in seeing the reports." },
  { title: "Delivery date agreed", text: "They need delivery before the summer holidays. Confirmed for week 26." },
];

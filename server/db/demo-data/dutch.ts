/** Believable Dutch demo data: names, places, streets, employers and short texts. */

export const femaleNames = [
  'Anna', 'Emma', 'Sanne', 'Lotte', 'Fleur', 'Julia', 'Sophie', 'Lisa', 'Eva', 'Noor', 'Fatima', 'Yasmina',
  'Marieke', 'Ingrid', 'Petra', 'Annelies', 'Kim', 'Sara', 'Naomi', 'Esra', 'Maud', 'Iris', 'Linda', 'Monique',
  'Wilma', 'Chantal', 'Priya', 'Anouk', 'Femke', 'Joyce',
] as const;

export const maleNames = [
  'Jan', 'Pieter', 'Daan', 'Sem', 'Lucas', 'Thijs', 'Bram', 'Ruben', 'Mohamed', 'Youssef', 'Kees', 'Henk',
  'Johan', 'Willem', 'Dennis', 'Mark', 'Stefan', 'Ahmet', 'Kevin', 'Jeroen', 'Tim', 'Rachid', 'Bas', 'Erik',
  'Marco', 'Sven', 'Niels', 'Hamza', 'Gerrit', 'Milan',
] as const;

/** [prefix, surname]; prefix is empty when none. */
export const surnames: readonly (readonly [string, string])[] = [
  ['de', 'Jong'], ['', 'Jansen'], ['de', 'Vries'], ['van den', 'Berg'], ['van', 'Dijk'], ['', 'Bakker'],
  ['', 'Janssen'], ['', 'Visser'], ['', 'Smit'], ['', 'Meijer'], ['de', 'Boer'], ['', 'Mulder'],
  ['de', 'Groot'], ['', 'Bos'], ['', 'Vos'], ['', 'Peters'], ['', 'Hendriks'], ['van', 'Leeuwen'],
  ['', 'Dekker'], ['', 'Brouwer'], ['de', 'Wit'], ['', 'Dijkstra'], ['', 'Smits'], ['de', 'Graaf'],
  ['van der', 'Meer'], ['van der', 'Linden'], ['', 'Kok'], ['', 'Jacobs'], ['de', 'Haan'], ['', 'Vermeulen'],
  ['van den', 'Heuvel'], ['van der', 'Veen'], ['van den', 'Broek'], ['de', 'Bruijn'], ['', 'Schouten'],
  ['el', 'Amrani'], ['', 'Yilmaz'], ['', 'Öztürk'], ['', 'Bouzid'], ['', 'Ramdin'], ['', 'Postma'],
  ['ter', 'Horst'], ['', 'Kuipers'], ['van', 'Vliet'], ['', 'Willems'], ['', 'Hoekstra'], ['', 'Maas'],
  ['', 'Verhoeven'], ['', 'Koster'], ['van', 'Beek'],
];

/** City, and the range of four-digit postcodes that belong to it. */
export const cities: readonly { city: string; from: number; to: number }[] = [
  { city: 'Amsterdam', from: 1011, to: 1109 },
  { city: 'Rotterdam', from: 3011, to: 3089 },
  { city: 'Utrecht', from: 3511, to: 3585 },
  { city: "'s-Gravenhage", from: 2491, to: 2597 },
  { city: 'Eindhoven', from: 5611, to: 5658 },
  { city: 'Groningen', from: 9711, to: 9747 },
  { city: 'Tilburg', from: 5011, to: 5049 },
  { city: 'Almere', from: 1311, to: 1363 },
  { city: 'Breda', from: 4811, to: 4839 },
  { city: 'Nijmegen', from: 6511, to: 6546 },
  { city: 'Zwolle', from: 8011, to: 8043 },
  { city: 'Leeuwarden', from: 8911, to: 8941 },
  { city: 'Arnhem', from: 6811, to: 6846 },
  { city: 'Amersfoort', from: 3811, to: 3829 },
  { city: 'Haarlem', from: 2011, to: 2037 },
  { city: 'Enschede', from: 7511, to: 7548 },
  { city: 'Apeldoorn', from: 7311, to: 7339 },
  { city: 'Deventer', from: 7411, to: 7443 },
];

export const streets = [
  'Dorpsstraat', 'Kerkstraat', 'Schoolstraat', 'Molenweg', 'Stationsweg', 'Julianastraat', 'Beatrixlaan',
  'Wilhelminastraat', 'Eikenlaan', 'Lindenlaan', 'Prins Bernhardlaan', 'Nieuwstraat', 'Marktplein', 'Parallelweg',
  'Industrieweg', 'Kastanjelaan', 'Beukenlaan', 'Sportlaan', 'Tulpstraat', 'Rozenstraat', 'Havenstraat',
  'Vondelstraat', 'Bachlaan', 'Kanaalweg',
] as const;

export const houseNumberAdditions = ['A', 'B', 'bis', '1', 'II', 'hs'] as const;

export const employers: readonly { name: string; city: string; street: string; phone: string }[] = [
  { name: 'Hoveniersbedrijf De Linde', city: 'Utrecht', street: 'Kanaalweg 14', phone: '030-2345678' },
  { name: 'Distributiecentrum Oost B.V.', city: 'Apeldoorn', street: 'Industrieweg 210', phone: '055-5123987' },
  { name: 'Schoonmaakbedrijf Glans', city: 'Amersfoort', street: 'Havenstraat 3', phone: '033-4561234' },
  { name: 'Zorgcentrum De Eikenhof', city: 'Zwolle', street: 'Eikenlaan 80', phone: '038-4217788' },
  { name: 'Fietsenmakerij Van Vliet', city: 'Deventer', street: 'Stationsweg 9', phone: '0570-612233' },
  { name: 'Gemeentewerf Noord', city: 'Groningen', street: 'Parallelweg 41', phone: '050-3676767' },
  { name: 'Kringloopwinkel Tweede Kans', city: 'Haarlem', street: 'Nieuwstraat 22', phone: '023-5319911' },
];

export const reviewTops = [
  'Kwam op tijd en ging direct aan de slag.',
  'Werkte netjes en zorgvuldig.',
  'Vroeg om hulp toen dat nodig was.',
  'Goede samenwerking met de collega’s.',
  'Hield de werkplek opgeruimd.',
  'Volgde de veiligheidsinstructies goed op.',
  'Toonde initiatief bij het verdelen van het werk.',
] as const;

export const reviewTips = [
  'Let op de pauzetijden.',
  'Meld het eerder als iets niet lukt.',
  'Werk iets rustiger, de kwaliteit gaat voor.',
  'Houd de planning van de dag bij.',
  'Stel vaker vragen aan de leidinggevende.',
  'Probeer het tempo vast te houden na de lunch.',
] as const;

export const messageSubjects = [
  'Afspraak volgende week',
  'Evaluatie werkplan',
  'Vraag over je rooster',
  'Terugkoppeling werkplek',
  'Ziekmelding',
  'Nieuwe werkopdracht',
  'Documenten voor de intake',
  'Loonwaardemeting gepland',
  'Verlof aanvragen',
  'Vervoer naar de werkplek',
] as const;

export const messageBodies = [
  'Hoi, kunnen we dinsdag om 10.00 uur even bijpraten over hoe het gaat?',
  'Ik heb je beoordeling van deze week ingevuld. Kijk er even naar en laat weten wat je ervan vindt.',
  'Goed gedaan deze week! Volgende week starten we met de nieuwe werkopdracht.',
  'Wil je de documenten voor vrijdag meenemen naar de werkplek?',
  'Ik ben morgen niet aanwezig, neem bij vragen contact op met de praktijkbegeleider.',
  'De werkgever is tevreden over je inzet. Zullen we de uren uitbreiden?',
  'Dank je wel voor je bericht. Ik kom er vandaag nog bij je op terug.',
  'Kun je me laten weten of de nieuwe werktijden goed uitkomen?',
] as const;

export const replyBodies = [
  'Dat is goed, tot dinsdag!',
  'Bedankt, ik heb het gelezen.',
  'Dat komt goed uit. Ik neem alles mee.',
  'Ik kan dinsdag niet, kan het ook woensdag?',
  'Prima, ik hoor het graag.',
] as const;

/** Word lists that make the seeded practice look real (names, e-mail domains, visit types). */

/** Given names, a mix of common US names across generations and backgrounds. */
export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen',
  'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Steven', 'Emily',
  'Andrew', 'Michelle', 'Joshua', 'Amanda', 'Kevin', 'Melissa', 'Brian', 'Stephanie', 'Timothy', 'Rebecca',
  'Jose', 'Maria', 'Luis', 'Carmen', 'Carlos', 'Rosa', 'Miguel', 'Sofia', 'Diego', 'Valentina',
  'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Min-jun', 'Ji-woo', 'Arjun', 'Priya', 'Rahul', 'Ananya',
  'Mohammed', 'Fatima', 'Omar', 'Aisha', 'Tariq', 'Layla', 'Kwame', 'Amara', 'Chidi', 'Nia',
  'Liam', 'Olivia', 'Noah', 'Emma', 'Ethan', 'Ava', 'Mason', 'Isabella', 'Lucas', 'Mia',
  'Grace', 'Henry', 'Chloe', 'Samuel', 'Zoe', 'Benjamin', 'Hannah', 'Nathan', 'Leah', 'Owen',
  'Dorothy', 'Harold', 'Gloria', 'Walter', 'Evelyn', 'Frank', 'Marilyn', 'Raymond', 'Joan', 'Eugene',
] as const;

/** Family names, likewise mixed. */
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Chen', 'Wang', 'Kim', 'Park', 'Patel', 'Shah', 'Singh', 'Tanaka', 'Sato', 'Yamamoto',
  'Okafor', 'Mensah', 'Haddad', 'Khan', 'Rahman', 'Cohen', 'Levy', 'Murphy', "O'Brien", 'Sullivan',
  'Kowalski', 'Novak', 'Rossi', 'Ferrari', 'Schmidt', 'Muller', 'Dubois', 'Laurent', 'Ivanov', 'Petrov',
  'Alvarez', 'Castillo', 'Vargas', 'Morales', 'Ortiz', 'Gutierrez', 'Chavez', 'Ruiz', 'Mendoza', 'Silva',
  'Brooks', 'Price', 'Bennett', 'Wood', 'Barnes', 'Ross', 'Henderson', 'Coleman', 'Jenkins', 'Perry',
] as const;

/** Reserved (RFC 2606) domains, so no seeded address can reach anyone. */
export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example.com'] as const;

/** Area codes near each seeded practice; numbers use the fictional 555-01xx block. */
export const AREA_CODES: Record<string, readonly string[]> = {
  'America/Chicago': ['312', '773', '872', '708', '630', '847', '224', '815', '331', '779', '219', '262', '414', '309'],
  'America/New_York': ['212', '646', '332', '718', '347', '929', '917', '516', '631', '914', '201', '973', '203', '845'],
  'America/Denver': ['303', '720', '970', '719', '983'],
  'America/Los_Angeles': ['213', '310', '323', '424', '562', '626', '657', '714', '747', '818', '909', '949'],
};

/** Area codes when the zone has no list of its own. */
export const DEFAULT_AREA_CODES: readonly string[] = ['312', '212', '213', '415', '617', '206', '303', '404', '512', '602'];

/** Visit types of a dental practice: title and typical minutes. */
export const DENTAL_VISITS: ReadonlyArray<readonly [string, number]> = [
  ['Cleaning', 60],
  ['Check-up', 30],
  ['New patient exam', 60],
  ['Follow-up', 15],
  ['Consultation', 30],
  ['X-rays', 15],
  ['Filling', 60],
  ['Crown fitting', 60],
  ['Whitening', 45],
  ['Treatment planning', 30],
];

/** Salon services: title and typical minutes. */
export const SALON_VISITS: ReadonlyArray<readonly [string, number]> = [
  ['Haircut', 45],
  ['Color', 90],
  ['Blowout', 30],
  ['Beard trim', 15],
  ['Highlights', 120],
];

/** Events without participants that still sit on calendars (some block time, some are Free). */
export const BLOCKERS: ReadonlyArray<readonly [string, number, 0 | null]> = [
  ['Staff meeting', 60, null],
  ['Lunch', 60, null],
  ['Equipment maintenance', 30, null],
  ['On call', 120, 0],
  ['Hold for emergencies', 60, 0],
];

/** Inbound replies a participant might send to a reminder. */
export const REPLIES = ['C', 'Yes, see you then', 'Running 10 min late', 'Can I move this to next week?', 'Confirmed, thanks!'] as const;

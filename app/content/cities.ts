import type { Region } from "./service-areas";

/** The local facts of a city page, keyed by the area's slug in ./service-areas. */
export interface CityDetail {
  /** The same slug as the ServiceArea. */
  slug: string;
  name: string;
  region: Region;
  /** 1-2 real local landmarks: parks, stations, campuses, forest preserves, historic sites. */
  landmarks: string[];
  /**
   * Exactly 4 real streets or roads through the place. City copy uses the first three in
   * sentences ("from X to Y", "storefronts on Z"), so an expressway only ever comes fourth.
   */
  majorStreets: string[];
  /** Exactly 16 search phrases, from cityKeywords(name). */
  keywords: string[];
}

const KEYWORD_PATTERNS: readonly ((name: string) => string)[] = [
  (n) => `locksmith near me ${n}`,
  (n) => `emergency locksmith ${n}`,
  (n) => `24 hour locksmith ${n}`,
  (n) => `car lockout ${n}`,
  (n) => `cheap locksmith ${n}`,
  (n) => `mobile locksmith ${n}`,
  (n) => `locksmith open now ${n}`,
  (n) => `commercial locksmith ${n}`,
  (n) => `residential locksmith ${n}`,
  (n) => `house lockout ${n}`,
  (n) => `rekey locks ${n}`,
  (n) => `lock change ${n}`,
  (n) => `lost car key replacement ${n}`,
  (n) => `key duplication ${n}`,
  (n) => `locksmith for businesses ${n}`,
  (n) => `storefront lock repair ${n}`,
];

/**
 * The 16 keyword phrases of a city page, in the order of docs/spec/public-site.md §3 (city record).
 */
export function cityKeywords(name: string): string[] {
  return KEYWORD_PATTERNS.map((pattern) => pattern(name));
}

type CityEntry = Omit<CityDetail, "keywords">;

const cityEntries: readonly CityEntry[] = [
  // Chicago
  {
    slug: "chicago-60652-ashburn",
    name: "Ashburn",
    region: "Chicago",
    landmarks: ["Ashburn Metra station"],
    majorStreets: ["Pulaski Road", "Kedzie Avenue", "79th Street", "87th Street"],
  },
  {
    slug: "chicago-60620-auburn-gresham",
    name: "Auburn Gresham",
    region: "Chicago",
    landmarks: ["Foster Park", "St. Sabina Church"],
    majorStreets: ["79th Street", "87th Street", "Ashland Avenue", "Halsted Street"],
  },
  {
    slug: "chicago-60609-back-of-the-yards",
    name: "Back of the Yards",
    region: "Chicago",
    landmarks: ["Davis Square Park", "Sherman Park"],
    majorStreets: ["47th Street", "51st Street", "Ashland Avenue", "Damen Avenue"],
  },
  {
    slug: "chicago-60643-beverly",
    name: "Beverly",
    region: "Chicago",
    landmarks: ["Ridge Park", "Givins Beverly Castle"],
    majorStreets: ["95th Street", "103rd Street", "Western Avenue", "Longwood Drive"],
  },
  {
    slug: "chicago-60608-bridgeport",
    name: "Bridgeport",
    region: "Chicago",
    landmarks: ["Palmisano Park", "McGuane Park"],
    majorStreets: ["Halsted Street", "31st Street", "35th Street", "Archer Avenue"],
  },
  {
    slug: "chicago-60632-brighton-park",
    name: "Brighton Park",
    region: "Chicago",
    landmarks: ["Kelly Park"],
    majorStreets: ["Archer Avenue", "Kedzie Avenue", "Pershing Road", "47th Street"],
  },
  {
    slug: "chicago-60653-bronzeville",
    name: "Bronzeville",
    region: "Chicago",
    landmarks: ["Victory Monument", "Illinois Institute of Technology"],
    majorStreets: [
      "Martin Luther King Jr. Drive",
      "35th Street",
      "47th Street",
      "Cottage Grove Avenue",
    ],
  },
  {
    slug: "chicago-60619-chatham",
    name: "Chatham",
    region: "Chicago",
    landmarks: ["Cole Park", "Tuley Park"],
    majorStreets: [
      "79th Street",
      "87th Street",
      "Cottage Grove Avenue",
      "Martin Luther King Jr. Drive",
    ],
  },
  {
    slug: "chicago-60629-chicago-lawn",
    name: "Chicago Lawn",
    region: "Chicago",
    landmarks: ["Marquette Park"],
    majorStreets: ["63rd Street", "71st Street", "Kedzie Avenue", "California Avenue"],
  },
  {
    slug: "chicago-60616-chinatown",
    name: "Chinatown",
    region: "Chicago",
    landmarks: ["Ping Tom Memorial Park", "Chinatown Gate"],
    majorStreets: ["Wentworth Avenue", "Cermak Road", "Archer Avenue", "18th Street"],
  },
  {
    slug: "chicago-60601-downtown-chicago",
    name: "Downtown Chicago",
    region: "Chicago",
    landmarks: ["Millennium Park", "Willis Tower"],
    majorStreets: ["State Street", "Michigan Avenue", "Wacker Drive", "Madison Street"],
  },
  {
    slug: "chicago-60617-east-side",
    name: "East Side",
    region: "Chicago",
    landmarks: ["Calumet Park"],
    majorStreets: ["Ewing Avenue", "Indianapolis Avenue", "95th Street", "106th Street"],
  },
  {
    slug: "chicago-60621-englewood",
    name: "Englewood",
    region: "Chicago",
    landmarks: ["Kennedy-King College", "Hamilton Park"],
    majorStreets: ["63rd Street", "69th Street", "Halsted Street", "Racine Avenue"],
  },
  {
    slug: "chicago-60638-garfield-ridge",
    name: "Garfield Ridge",
    region: "Chicago",
    landmarks: ["Midway International Airport"],
    majorStreets: ["Archer Avenue", "Cicero Avenue", "Harlem Avenue", "55th Street"],
  },
  {
    slug: "chicago-60633-hegewisch",
    name: "Hegewisch",
    region: "Chicago",
    landmarks: ["William W. Powers State Recreation Area", "Hegewisch Marsh"],
    majorStreets: ["Brainard Avenue", "Baltimore Avenue", "130th Street", "Torrence Avenue"],
  },
  {
    slug: "chicago-60615-hyde-park",
    name: "Hyde Park",
    region: "Chicago",
    landmarks: ["University of Chicago", "Museum of Science and Industry"],
    majorStreets: ["53rd Street", "55th Street", "Lake Park Avenue", "Cottage Grove Avenue"],
  },
  {
    slug: "chicago-60623-little-village",
    name: "Little Village",
    region: "Chicago",
    landmarks: ["La Villita Park", "Little Village Arch"],
    majorStreets: ["26th Street", "Cermak Road", "Pulaski Road", "Kedzie Avenue"],
  },
  {
    slug: "chicago-60643-morgan-park",
    name: "Morgan Park",
    region: "Chicago",
    landmarks: ["Kennedy Park", "Morgan Park Academy"],
    majorStreets: ["111th Street", "115th Street", "Western Avenue", "Vincennes Avenue"],
  },
  {
    slug: "chicago-60655-mount-greenwood",
    name: "Mount Greenwood",
    region: "Chicago",
    landmarks: ["Mount Greenwood Park", "Saint Xavier University"],
    majorStreets: ["103rd Street", "111th Street", "Kedzie Avenue", "Pulaski Road"],
  },
  {
    slug: "chicago-60608-pilsen",
    name: "Pilsen",
    region: "Chicago",
    landmarks: ["National Museum of Mexican Art", "Harrison Park"],
    majorStreets: ["18th Street", "Cermak Road", "Ashland Avenue", "Blue Island Avenue"],
  },
  {
    slug: "chicago-60628-pullman",
    name: "Pullman",
    region: "Chicago",
    landmarks: ["Pullman National Historical Park", "Hotel Florence"],
    majorStreets: ["103rd Street", "111th Street", "115th Street", "Cottage Grove Avenue"],
  },
  {
    slug: "chicago-60827-riverdale",
    name: "Riverdale",
    region: "Chicago",
    landmarks: ["Altgeld Gardens"],
    majorStreets: ["130th Street", "Doty Avenue", "Indiana Avenue", "Bishop Ford Freeway"],
  },
  {
    slug: "chicago-60628-roseland",
    name: "Roseland",
    region: "Chicago",
    landmarks: ["Chicago State University", "Abbott Park"],
    majorStreets: ["Michigan Avenue", "State Street", "103rd Street", "111th Street"],
  },
  {
    slug: "chicago-60617-south-chicago",
    name: "South Chicago",
    region: "Chicago",
    landmarks: ["Russell Square Park", "Steelworkers Park"],
    majorStreets: ["Commercial Avenue", "South Chicago Avenue", "79th Street", "87th Street"],
  },
  {
    slug: "chicago-60605-south-loop",
    name: "South Loop",
    region: "Chicago",
    landmarks: ["Dearborn Station", "Field Museum"],
    majorStreets: ["Roosevelt Road", "State Street", "Michigan Avenue", "Wabash Avenue"],
  },
  {
    slug: "chicago-60649-south-shore",
    name: "South Shore",
    region: "Chicago",
    landmarks: ["South Shore Cultural Center", "Rainbow Beach"],
    majorStreets: ["71st Street", "79th Street", "Jeffery Boulevard", "South Shore Drive"],
  },
  {
    slug: "chicago-60629-west-lawn",
    name: "West Lawn",
    region: "Chicago",
    landmarks: ["West Lawn Park"],
    majorStreets: ["Pulaski Road", "63rd Street", "71st Street", "Cicero Avenue"],
  },
  {
    slug: "chicago-60607-west-loop",
    name: "West Loop",
    region: "Chicago",
    landmarks: ["Ogilvie Transportation Center", "Mary Bartelme Park"],
    majorStreets: ["Madison Street", "Randolph Street", "Halsted Street", "Jackson Boulevard"],
  },
  {
    slug: "chicago-60628-west-pullman",
    name: "West Pullman",
    region: "Chicago",
    landmarks: ["West Pullman Park", "West Pullman Metra station"],
    majorStreets: ["115th Street", "119th Street", "Halsted Street", "Ashland Avenue"],
  },
  {
    slug: "chicago-60637-woodlawn",
    name: "Woodlawn",
    region: "Chicago",
    landmarks: ["Jackson Park", "Midway Plaisance"],
    majorStreets: ["63rd Street", "67th Street", "Cottage Grove Avenue", "Stony Island Avenue"],
  },
  // South Suburbs
  {
    slug: "blue-island",
    name: "Blue Island",
    region: "South Suburbs",
    landmarks: ["Blue Island-Vermont Street Metra station", "Calumet-Sag Channel"],
    majorStreets: ["Western Avenue", "Vermont Street", "127th Street", "Burr Oak Avenue"],
  },
  {
    slug: "calumet-city",
    name: "Calumet City",
    region: "South Suburbs",
    landmarks: ["River Oaks Center"],
    majorStreets: ["Torrence Avenue", "Sibley Boulevard", "Burnham Avenue", "State Street"],
  },
  {
    slug: "chicago-heights",
    name: "Chicago Heights",
    region: "South Suburbs",
    landmarks: ["Prairie State College", "Marian Catholic High School"],
    majorStreets: ["Lincoln Highway", "Dixie Highway", "Halsted Street", "14th Street"],
  },
  {
    slug: "country-club-hills",
    name: "Country Club Hills",
    region: "South Suburbs",
    landmarks: ["St. John's Evangelical Lutheran Church"],
    majorStreets: ["Cicero Avenue", "175th Street", "183rd Street", "Interstate 80"],
  },
  {
    slug: "crete",
    name: "Crete",
    region: "South Suburbs",
    landmarks: ["Tuxedo Park"],
    majorStreets: ["Main Street", "Exchange Street", "Burville Road", "Steger Road"],
  },
  {
    slug: "dolton",
    name: "Dolton",
    region: "South Suburbs",
    landmarks: ["Thornridge High School"],
    majorStreets: [
      "Sibley Boulevard",
      "Lincoln Avenue",
      "Cottage Grove Avenue",
      "Martin Luther King Jr. Drive",
    ],
  },
  {
    slug: "flossmoor",
    name: "Flossmoor",
    region: "South Suburbs",
    landmarks: ["Flossmoor Metra station", "Flossmoor Country Club"],
    majorStreets: ["Flossmoor Road", "Kedzie Avenue", "Governors Highway", "Vollmer Road"],
  },
  {
    slug: "glenwood",
    name: "Glenwood",
    region: "South Suburbs",
    landmarks: ["Glenwood Academy"],
    majorStreets: [
      "Halsted Street",
      "Glenwood-Dyer Road",
      "Glenwood-Lansing Road",
      "Cottage Grove Avenue",
    ],
  },
  {
    slug: "harvey",
    name: "Harvey",
    region: "South Suburbs",
    landmarks: ["Harvey Metra station", "Thornton Township High School"],
    majorStreets: ["Sibley Boulevard", "Halsted Street", "Dixie Highway", "159th Street"],
  },
  {
    slug: "hazel-crest",
    name: "Hazel Crest",
    region: "South Suburbs",
    landmarks: ["Hazel Crest Metra station", "South Suburban Hospital"],
    majorStreets: ["Kedzie Avenue", "170th Street", "175th Street", "Interstate 80"],
  },
  {
    slug: "homewood",
    name: "Homewood",
    region: "South Suburbs",
    landmarks: ["Homewood Metra station", "Izaak Walton Preserve"],
    majorStreets: ["Dixie Highway", "Ridge Road", "183rd Street", "Halsted Street"],
  },
  {
    slug: "lansing",
    name: "Lansing",
    region: "South Suburbs",
    landmarks: ["Lansing Municipal Airport", "Fox Pointe"],
    majorStreets: ["Ridge Road", "Torrence Avenue", "Burnham Avenue", "Bernice Road"],
  },
  {
    slug: "lynwood",
    name: "Lynwood",
    region: "South Suburbs",
    landmarks: ["Lynwood Municipal Complex"],
    majorStreets: [
      "Lincoln Highway",
      "Glenwood-Dyer Road",
      "Torrence Avenue",
      "Illinois Route 394",
    ],
  },
  {
    slug: "markham",
    name: "Markham",
    region: "South Suburbs",
    landmarks: ["Gensburg-Markham Prairie", "Cook County Sixth Municipal District Courthouse"],
    majorStreets: ["Kedzie Avenue", "159th Street", "167th Street", "Interstate 57"],
  },
  {
    slug: "matteson",
    name: "Matteson",
    region: "South Suburbs",
    landmarks: ["Matteson Metra station", "Old Plank Road Trail"],
    majorStreets: ["Lincoln Highway", "Cicero Avenue", "Governors Highway", "Interstate 57"],
  },
  {
    slug: "monee",
    name: "Monee",
    region: "South Suburbs",
    landmarks: ["Monee Reservoir"],
    majorStreets: ["Governors Highway", "Monee-Manhattan Road", "Main Street", "Interstate 57"],
  },
  {
    slug: "olympia-fields",
    name: "Olympia Fields",
    region: "South Suburbs",
    landmarks: ["Olympia Fields Country Club", "Olympia Fields Metra station"],
    majorStreets: ["Governors Highway", "Vollmer Road", "Lincoln Highway", "203rd Street"],
  },
  {
    slug: "park-forest",
    name: "Park Forest",
    region: "South Suburbs",
    landmarks: ["Central Park", "Thorn Creek Woods Nature Preserve"],
    majorStreets: ["Western Avenue", "Sauk Trail", "Orchard Drive", "Lakewood Boulevard"],
  },
  {
    slug: "richton-park",
    name: "Richton Park",
    region: "South Suburbs",
    landmarks: ["Richton Park Metra station"],
    majorStreets: ["Sauk Trail", "Governors Highway", "Cicero Avenue", "Interstate 57"],
  },
  {
    slug: "riverdale",
    name: "Riverdale",
    region: "South Suburbs",
    landmarks: ["Riverdale Metra station", "Ivanhoe Metra station"],
    majorStreets: ["138th Street", "144th Street", "Indiana Avenue", "Halsted Street"],
  },
  {
    slug: "sauk-village",
    name: "Sauk Village",
    region: "South Suburbs",
    landmarks: ["Nancy L. McConathy Public Library"],
    majorStreets: ["Sauk Trail", "Torrence Avenue", "Steger Road", "Illinois Route 394"],
  },
  {
    slug: "south-holland",
    name: "South Holland",
    region: "South Suburbs",
    landmarks: ["Sand Ridge Nature Center", "Veterans Memorial Park"],
    majorStreets: ["South Park Avenue", "162nd Street", "Torrence Avenue", "Interstate 94"],
  },
  {
    slug: "steger",
    name: "Steger",
    region: "South Suburbs",
    landmarks: ["Veterans Memorial Park", "Louis Sherman Community Center"],
    majorStreets: ["Chicago Road", "Steger Road", "34th Street", "Halsted Street"],
  },
  {
    slug: "thornton",
    name: "Thornton",
    region: "South Suburbs",
    landmarks: ["Thornton Quarry"],
    majorStreets: ["Margaret Street", "Williams Street", "Thornton-Lansing Road", "Interstate 80"],
  },
  {
    slug: "university-park",
    name: "University Park",
    region: "South Suburbs",
    landmarks: ["Governors State University", "University Park Metra station"],
    majorStreets: ["University Parkway", "Stuenkel Road", "Governors Highway", "Interstate 57"],
  },
  // Southwest Suburbs
  {
    slug: "bedford-park",
    name: "Bedford Park",
    region: "Southwest Suburbs",
    landmarks: ["Belt Railway Clearing Yard", "Chicago Sanitary and Ship Canal"],
    majorStreets: ["Archer Avenue", "Cicero Avenue", "Harlem Avenue", "65th Street"],
  },
  {
    slug: "bridgeview",
    name: "Bridgeview",
    region: "Southwest Suburbs",
    landmarks: ["SeatGeek Stadium", "Cook County Fifth Municipal District Courthouse"],
    majorStreets: ["Harlem Avenue", "79th Street", "87th Street", "Roberts Road"],
  },
  {
    slug: "burbank",
    name: "Burbank",
    region: "Southwest Suburbs",
    landmarks: ["St. Laurence High School", "Prairie Trails Public Library"],
    majorStreets: ["Cicero Avenue", "State Road", "79th Street", "87th Street"],
  },
  {
    slug: "chicago-ridge",
    name: "Chicago Ridge",
    region: "Southwest Suburbs",
    landmarks: ["Chicago Ridge Mall", "Chicago Ridge Metra station"],
    majorStreets: ["Ridgeland Avenue", "Southwest Highway", "95th Street", "103rd Street"],
  },
  {
    slug: "crestwood",
    name: "Crestwood",
    region: "Southwest Suburbs",
    landmarks: ["Ozinga Field", "Calumet-Sag Channel"],
    majorStreets: ["Cicero Avenue", "Kostner Avenue", "127th Street", "135th Street"],
  },
  {
    slug: "evergreen-park",
    name: "Evergreen Park",
    region: "Southwest Suburbs",
    landmarks: ["OSF Little Company of Mary Medical Center", "St. Mary Catholic Cemetery"],
    majorStreets: ["95th Street", "87th Street", "Kedzie Avenue", "Western Avenue"],
  },
  {
    slug: "frankfort",
    name: "Frankfort",
    region: "Southwest Suburbs",
    landmarks: ["Old Plank Road Trail", "Breidert Green"],
    majorStreets: ["LaGrange Road", "Lincoln Highway", "Laraway Road", "Harlem Avenue"],
  },
  {
    slug: "hickory-hills",
    name: "Hickory Hills",
    region: "Southwest Suburbs",
    landmarks: ["Krueger Park", "Kasey Meadow Park"],
    majorStreets: ["Roberts Road", "87th Street", "95th Street", "88th Avenue"],
  },
  {
    slug: "homer-glen",
    name: "Homer Glen",
    region: "Southwest Suburbs",
    landmarks: ["Messenger Woods Nature Preserve", "Heritage Park"],
    majorStreets: ["159th Street", "143rd Street", "Bell Road", "Cedar Road"],
  },
  {
    slug: "justice",
    name: "Justice",
    region: "Southwest Suburbs",
    landmarks: ["Resurrection Cemetery"],
    majorStreets: ["Archer Avenue", "Roberts Road", "79th Street", "Kean Avenue"],
  },
  {
    slug: "lemont",
    name: "Lemont",
    region: "Southwest Suburbs",
    landmarks: ["Cog Hill Golf & Country Club", "Lemont Metra station"],
    majorStreets: ["Archer Avenue", "State Street", "Main Street", "127th Street"],
  },
  {
    slug: "lockport",
    name: "Lockport",
    region: "Southwest Suburbs",
    landmarks: ["Gaylord Building", "Dellwood Park"],
    majorStreets: ["State Street", "9th Street", "159th Street", "Farrell Road"],
  },
  {
    slug: "midlothian",
    name: "Midlothian",
    region: "Southwest Suburbs",
    landmarks: ["Midlothian Metra station", "Midlothian Meadows"],
    majorStreets: ["147th Street", "Pulaski Road", "Cicero Avenue", "Midlothian Turnpike"],
  },
  {
    slug: "mokena",
    name: "Mokena",
    region: "Southwest Suburbs",
    landmarks: ["Hickory Creek Preserve", "Mokena Metra station"],
    majorStreets: ["LaGrange Road", "Wolf Road", "191st Street", "Front Street"],
  },
  {
    slug: "new-lenox",
    name: "New Lenox",
    region: "Southwest Suburbs",
    landmarks: ["Silver Cross Hospital", "New Lenox Metra station"],
    majorStreets: ["Lincoln Highway", "Cedar Road", "Laraway Road", "Schoolhouse Road"],
  },
  {
    slug: "oak-forest",
    name: "Oak Forest",
    region: "Southwest Suburbs",
    landmarks: ["Oak Forest Metra station", "Oak Forest Heritage Preserve"],
    majorStreets: ["Cicero Avenue", "Central Avenue", "159th Street", "167th Street"],
  },
  {
    slug: "oak-lawn",
    name: "Oak Lawn",
    region: "Southwest Suburbs",
    landmarks: ["Advocate Christ Medical Center", "Oak Lawn Metra station"],
    majorStreets: ["95th Street", "Cicero Avenue", "Pulaski Road", "Southwest Highway"],
  },
  {
    slug: "orland-park",
    name: "Orland Park",
    region: "Southwest Suburbs",
    landmarks: ["Orland Square Mall", "Orland Park 143rd Street Metra station"],
    majorStreets: ["LaGrange Road", "143rd Street", "151st Street", "159th Street"],
  },
  {
    slug: "palos-heights",
    name: "Palos Heights",
    region: "Southwest Suburbs",
    landmarks: ["Lake Katherine Nature Center", "Trinity Christian College"],
    majorStreets: ["Harlem Avenue", "127th Street", "College Drive", "Southwest Highway"],
  },
  {
    slug: "palos-hills",
    name: "Palos Hills",
    region: "Southwest Suburbs",
    landmarks: ["Moraine Valley Community College"],
    majorStreets: ["Roberts Road", "103rd Street", "111th Street", "Southwest Highway"],
  },
  {
    slug: "palos-park",
    name: "Palos Park",
    region: "Southwest Suburbs",
    landmarks: ["Palos Park Metra station", "Palos Forest Preserves"],
    majorStreets: ["Southwest Highway", "123rd Street", "LaGrange Road", "Wolf Road"],
  },
  {
    slug: "summit",
    name: "Summit",
    region: "Southwest Suburbs",
    landmarks: ["Summit Metra station", "Argo Community High School"],
    majorStreets: ["Archer Avenue", "Harlem Avenue", "63rd Street", "Interstate 55"],
  },
  {
    slug: "tinley-park",
    name: "Tinley Park",
    region: "Southwest Suburbs",
    landmarks: ["Tinley Park Metra station", "Credit Union 1 Amphitheatre"],
    majorStreets: ["Harlem Avenue", "Oak Park Avenue", "159th Street", "171st Street"],
  },
  {
    slug: "worth",
    name: "Worth",
    region: "Southwest Suburbs",
    landmarks: ["Worth Metra station"],
    majorStreets: ["Harlem Avenue", "Ridgeland Avenue", "111th Street", "Southwest Highway"],
  },
];

export const cityDetails: Readonly<Record<string, CityDetail>> = Object.fromEntries(
  cityEntries.map((entry) => [entry.slug, { ...entry, keywords: cityKeywords(entry.name) }]),
);

export function getCityDetail(slug: string): CityDetail | undefined {
  return Object.hasOwn(cityDetails, slug) ? cityDetails[slug] : undefined;
}

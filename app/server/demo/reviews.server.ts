import type { ReviewCategory } from "~/lib/reviews/review-categories";

interface DemoReview {
  customerName: string;
  areaSlug: string;
  category: ReviewCategory;
  rating: number;
  body: string;
  daysAgo: number;
}

/**
 * Sample reviews for demonstrations only (DEMO_DATA=on). They are clearly demo content
 * in a fresh install; a real deployment starts empty and the operator enters real ones.
 */
export const demoReviews: readonly DemoReview[] = [
  {
    customerName: "Maria G.",
    areaSlug: "oak-lawn",
    category: "car_lockout",
    rating: 5,
    daysAgo: 3,
    body: "Locked my keys in the car outside Christ Hospital after a night shift. The locksmith was there in about 15 minutes and had it open without a scratch.",
  },
  {
    customerName: "Derrick W.",
    areaSlug: "oak-lawn",
    category: "house_lockout",
    rating: 5,
    daysAgo: 12,
    body: "Door shut behind me while I was taking out the trash. Quoted the price on the phone and that is exactly what I paid.",
  },
  {
    customerName: "Priya S.",
    areaSlug: "orland-park",
    category: "rekey",
    rating: 5,
    daysAgo: 6,
    body: "We rekeyed every lock in our new house the week we moved in. Quick, tidy, and he explained how the pins work.",
  },
  {
    customerName: "Tom K.",
    areaSlug: "orland-park",
    category: "commercial",
    rating: 4,
    daysAgo: 20,
    body: "Installed a master key system for our office on LaGrange Road. Took a little longer than planned but the work is solid.",
  },
  {
    customerName: "Angela R.",
    areaSlug: "tinley-park",
    category: "car_lockout",
    rating: 5,
    daysAgo: 9,
    body: "Stuck at the Metra lot at 11 p.m. with the keys in the ignition. Friendly guy, fair price, back on the road in minutes.",
  },
  {
    customerName: "James O.",
    areaSlug: "tinley-park",
    category: "house_lockout",
    rating: 5,
    daysAgo: 31,
    body: "Came out on a Sunday morning and got us back into the house without drilling the lock.",
  },
  {
    customerName: "Linda M.",
    areaSlug: "chicago-60601-downtown-chicago",
    category: "commercial",
    rating: 5,
    daysAgo: 4,
    body: "Our storefront lock jammed before opening. They replaced the cylinder the same morning and gave us new keys for the staff.",
  },
  {
    customerName: "Kevin P.",
    areaSlug: "chicago-60601-downtown-chicago",
    category: "car_lockout",
    rating: 5,
    daysAgo: 15,
    body: "Locked out in a parking garage off Wacker. Honest quote and quick arrival.",
  },
  {
    customerName: "Rosa H.",
    areaSlug: "evergreen-park",
    category: "rekey",
    rating: 5,
    daysAgo: 22,
    body: "Rekeyed the front and back doors after a roommate moved out. Done in under half an hour.",
  },
  {
    customerName: "Marcus T.",
    areaSlug: "homewood",
    category: "house_lockout",
    rating: 5,
    daysAgo: 17,
    body: "Snapped my key in the deadbolt. He extracted it and cut me a new one on the spot.",
  },
  {
    customerName: "Janet L.",
    areaSlug: "chicago-heights",
    category: "commercial",
    rating: 5,
    daysAgo: 40,
    body: "Changed the locks on our warehouse doors and added a keypad lock for the side entrance.",
  },
  {
    customerName: "Steve B.",
    areaSlug: "mokena",
    category: "car_lockout",
    rating: 4,
    daysAgo: 27,
    body: "Lost my only car key at the park. The replacement fob was programmed in the driveway.",
  },
  {
    customerName: "Denise F.",
    areaSlug: "palos-heights",
    category: "rekey",
    rating: 5,
    daysAgo: 50,
    body: "Professional and on time. Rekeyed six locks and matched them all to one key.",
  },
  {
    customerName: "Omar A.",
    areaSlug: "bridgeview",
    category: "house_lockout",
    rating: 5,
    daysAgo: 8,
    body: "Called at 2 a.m. and someone actually answered. Got back inside in no time.",
  },
  {
    customerName: "Carol N.",
    areaSlug: "lockport",
    category: "commercial",
    rating: 5,
    daysAgo: 60,
    body: "They assessed the security of our shop and recommended a few sensible upgrades without pushing extras.",
  },
  {
    customerName: "Brian D.",
    areaSlug: "calumet-city",
    category: "car_lockout",
    rating: 5,
    daysAgo: 35,
    body: "Locked out at River Oaks mall. The locksmith was polite and the price was what they said.",
  },
];

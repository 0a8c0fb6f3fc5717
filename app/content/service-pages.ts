/**
 * Content of the twelve service detail pages (/services/{slug}). Every figure comes from
 * business.ts; requirements (proof of ownership, authorization) are stated on the cards.
 */
import type { SitePrices } from "~/lib/money/site-prices";
import { FOUNDED_YEAR, facts, mostJobsUnder } from "./business";
import { CALL_NOW, REQUEST_ONLINE, TEXT_FOR_SERVICE } from "./ctas";
import type { Cta, ServiceDetailContent, ServiceSlug } from "./types";

const AVERAGE = facts.averageArrivalMinutes;
const EMERGENCY_MAX = facts.emergencyMaxMinutes;

const freeQuote: Cta = { label: "Get Free Quote", action: "request" };

/**
 * The twelve pages, their prices worded from the office's price list (site-prices.ts): the
 * list is the one source of every price they state (decision 0036).
 */
export function servicePagesFor(prices: SitePrices): Record<ServiceSlug, ServiceDetailContent> {
  // A lockout of any kind (home, car, business) is an emergency lockout: one price.
  const LOCKOUT = prices.emergency;
  const HOME_WORK = prices.residential;
  const REKEY = prices.rekeying;
  const CAR_KEY = prices.automotive;
  return {
    emergency: {
      slug: "emergency",
      seo: {
        title: "Emergency Locksmith Chicago | 24/7 Lockout Service",
        description: `Locked out in Chicago or the South or Southwest suburbs? Licensed locksmiths 24/7, ${AVERAGE}-minute average arrival, lockouts ${LOCKOUT}.`,
        keywords: [
          "emergency locksmith Chicago",
          "24 hour locksmith",
          "lockout service",
          "locked out of house",
          "locked out of car",
          "business lockout",
          "emergency locksmith near me",
          "South Suburbs locksmith",
        ],
      },
      hero: {
        eyebrow: "24/7 Emergency Service",
        heading: "Locked Out? A Locksmith Is On the Way",
        text: `Licensed, insured locksmiths are available day and night across Chicago and the South and Southwest suburbs. Average arrival is ${AVERAGE} minutes, and we reach emergency lockouts in ${EMERGENCY_MAX} minutes or less.`,
        ctas: [CALL_NOW, { label: "Request Emergency Service", action: "request" }],
      },
      blocks: [
        {
          kind: "stats",
          items: [
            { value: `${AVERAGE} min`, label: "Average arrival time" },
            { value: `${EMERGENCY_MAX} min`, label: "Longest wait for an emergency lockout" },
            { value: "24/7", label: "Every day, including holidays" },
            { value: facts.licensedAndInsured, label: "Licensed and insured" },
          ],
        },
        {
          kind: "cards",
          heading: "Emergency Lockouts We Handle",
          intro: `An emergency lockout is usually ${LOCKOUT}, and you get the price before any work begins.`,
          items: [
            {
              title: "Car Lockout",
              description:
                "Keys locked in the car, lost, or broken off in the door. We open most vehicles with entry tools made for the job, without damage to the door or lock.",
              icon: "car",
              bullets: ["Cars, trucks and SUVs", "Trunk lockouts", "Replacement keys made on-site"],
            },
            {
              title: "Home Lockout",
              description:
                "Locked out of your house, apartment or condo. We try non-destructive entry first, and can rekey or replace the lock if your keys were lost or stolen.",
              icon: "house",
              bullets: [
                "Houses, apartments and condos",
                "Non-destructive entry first",
                "Rekeying on the same visit",
              ],
            },
            {
              title: "Commercial Lockout",
              description:
                "Locked out of an office, storefront or warehouse. We get you open so your business isn't stuck waiting, then fix or rekey the lock if needed.",
              icon: "building-complex",
              bullets: [
                "Offices and storefronts",
                "Warehouses and back doors",
                "Broken lock repair",
              ],
            },
          ],
        },
        {
          kind: "steps",
          heading: "How Emergency Service Works",
          items: [
            {
              title: "Call",
              description:
                "Call any time, day or night. Tell us where you are and what you're locked out of.",
            },
            {
              title: "Dispatch",
              description:
                "We send the nearest available licensed locksmith and give you an arrival estimate.",
            },
            {
              title: "Arrive",
              description: `Average arrival is ${AVERAGE} minutes, and never more than ${EMERGENCY_MAX} for an emergency lockout. Your technician confirms the price before starting.`,
            },
            {
              title: "Unlocked",
              description:
                "You're back inside, and we check that the lock still works properly before we leave.",
            },
          ],
        },
        {
          kind: "faq",
          heading: "Emergency Lockout Questions",
          items: [
            {
              question: "How much does an emergency lockout cost?",
              answer: `An emergency lockout is usually ${LOCKOUT}. There are no trip charges, your technician tells you the price before any work begins, and most jobs come in under $${mostJobsUnder}.`,
            },
            {
              question: "How fast can a locksmith get to me?",
              answer: `Average arrival is ${AVERAGE} minutes: usually ${facts.chicagoArrival} minutes in Chicago neighborhoods and ${facts.suburbArrival} minutes in the suburbs. For an emergency lockout we arrive within ${EMERGENCY_MAX} minutes.`,
            },
            {
              question: "Will I need to show ID?",
              answer:
                "Yes. Before opening a home, car or business, the technician asks for a photo ID and something that connects you to the property, such as a lease, a utility bill or the vehicle registration. If those are locked inside, we can check them once the door is open.",
            },
          ],
        },
      ],
      closing: {
        heading: "Locked Out Right Now?",
        text: "Call and a licensed locksmith is dispatched right away, day or night. You'll know the price before any work starts.",
        ctas: [CALL_NOW, TEXT_FOR_SERVICE],
      },
    },

    residential: {
      slug: "residential",
      seo: {
        title: "Residential Locksmith Chicago | Home Lock Services",
        description:
          "Home lock installation, repair and rekeying in Chicago and the South and Southwest suburbs. Licensed, insured locksmiths, free estimates, upfront pricing.",
        keywords: [
          "residential locksmith Chicago",
          "home locksmith",
          "house lock installation",
          "lock repair",
          "rekey house locks",
          "deadbolt installation",
          "patio door lock repair",
          "house lockout",
        ],
      },
      hero: {
        eyebrow: "Residential Locksmith",
        heading: "Locks and Keys for Your Home",
        text: "From a new deadbolt to rekeying after a move, licensed and insured locksmiths take care of the locks on your house, apartment or condo. Estimates are free and prices are given up front.",
        ctas: [CALL_NOW, { label: "Schedule Service", action: "request" }],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Residential Services",
          items: [
            {
              title: "Lock Installation",
              description: `Deadbolts, knob and lever sets, and handle sets installed and adjusted so the door closes and locks smoothly. Home lock work is usually ${HOME_WORK}.`,
              icon: "lock",
            },
            {
              title: "Lock Repair",
              description:
                "Keys that stick, deadbolts that won't throw, loose handles and misaligned strikes, fixed on-site when the lock can be saved.",
              icon: "wrench",
            },
            {
              title: "Rekeying",
              description: `New keys for your existing locks, so old keys stop working. Usually ${REKEY}, and your doors can be set to one key.`,
              icon: "key-round",
            },
            {
              title: "Security Upgrades",
              description:
                "Heavy-duty deadbolts, reinforced strike plates with longer screws, and smart locks for doors that need more protection.",
              icon: "shield-check",
            },
            {
              title: "Window and Patio Locks",
              description:
                "Sliding patio door locks, window latches and secondary locks repaired or replaced, including on older homes.",
              icon: "door-open",
            },
            {
              title: "Emergency Home Lockouts",
              description: `Locked out at any hour? We're available 24/7, and a home lockout is usually ${LOCKOUT}.`,
              icon: "siren",
            },
          ],
        },
        {
          kind: "cards",
          heading: "Why Homeowners Choose Us",
          items: [
            {
              title: "Licensed and Insured",
              description:
                "Every technician is licensed and insured, so the work in your home is covered.",
              icon: "shield-check",
            },
            {
              title: "Upfront Pricing",
              description:
                "Free estimates, no trip charges, and the price is agreed before work begins.",
              icon: "receipt-text",
            },
            {
              title: "Available 24/7",
              description: `Day or night, average arrival is ${AVERAGE} minutes.`,
              icon: "clock",
            },
            {
              title: `Family Business Since ${FOUNDED_YEAR}`,
              description:
                "A local family business serving Chicago and the South and Southwest suburbs, with a service guarantee on our work.",
              icon: "users",
            },
          ],
        },
        {
          kind: "faq",
          heading: "Residential Locksmith Questions",
          items: [
            {
              question: "Should I rekey or replace my locks?",
              answer: `If your locks work well and you just need to control who has a key, rekeying is the cheaper choice, usually ${REKEY}. Replace them if they're damaged or worn, or if you want a stronger or smart lock; home lock work is usually ${HOME_WORK}.`,
            },
            {
              question: "Do you charge for an estimate?",
              answer:
                "No. Estimates are free, there are no trip charges, and you'll have the price before any work begins. Senior and military discounts are available.",
            },
            {
              question: "Can all my doors work with one key?",
              answer:
                "Usually, yes. If your locks take the same type of key, we can rekey them to match. If they don't, we'll suggest compatible replacements and tell you the cost first.",
            },
          ],
        },
      ],
      closing: {
        heading: "Need Work on Your Home's Locks?",
        text: "Call for a free estimate or to book a visit at a time that suits you. Emergency service is available 24/7.",
        ctas: [CALL_NOW, { label: "Schedule Service", action: "request" }],
      },
    },

    commercial: {
      slug: "commercial",
      seo: {
        title: "Commercial Locksmith Chicago | Business Security",
        description:
          "Access control, master key systems, high-security locks and 24/7 lockout service for Chicago-area offices, stores, healthcare and industrial sites.",
        keywords: [
          "commercial locksmith Chicago",
          "business locksmith",
          "access control installation",
          "master key system",
          "high-security locks",
          "storefront lock repair",
          "office lockout",
          "commercial lock rekey",
        ],
      },
      hero: {
        eyebrow: "Commercial Locksmith",
        heading: "Security for Your Business",
        text: "Locks, keys and access control for offices, stores, clinics and warehouses across Chicago and the South and Southwest suburbs, with 24/7 service when a lock fails or you're locked out.",
        ctas: [CALL_NOW, { label: "Business Security Consultation", action: "request" }],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Commercial Services",
          items: [
            {
              title: "Access Control Systems",
              description:
                "Keypad, card and fob entry systems that let you add or remove a user's access without changing locks.",
              icon: "scan-line",
            },
            {
              title: "Master Key Systems",
              description:
                "One master key for management and individual keys for staff, designed around who needs access to which doors.",
              icon: "network",
            },
            {
              title: "Emergency Lockouts",
              description: `Locked out of your office, store or warehouse? We're available 24/7 and reach emergency lockouts within ${EMERGENCY_MAX} minutes.`,
              icon: "siren",
            },
            {
              title: "High-Security Locks",
              description:
                "Pick-resistant cylinders and restricted keys that can't be copied at a hardware store.",
              icon: "shield-check",
            },
            {
              title: "Security Consulting",
              description:
                "A walk-through of your doors, locks and key control, with plain recommendations and prices for each.",
              icon: "clipboard-check",
            },
            {
              title: "Maintenance",
              description:
                "Repair and adjustment of door closers, exit devices and worn locks before they fail.",
              icon: "wrench",
            },
          ],
        },
        {
          kind: "cards",
          heading: "Industries We Serve",
          items: [
            {
              title: "Office",
              description:
                "Suite and office door locks, master key systems and access control for staff turnover.",
              icon: "building-complex",
            },
            {
              title: "Retail",
              description:
                "Storefront door locks, exit devices and display case locks, plus rekeying when staff change.",
              icon: "store",
            },
            {
              title: "Healthcare",
              description:
                "Locks for medication rooms and records storage, and access control for staff-only areas.",
              icon: "hospital",
            },
            {
              title: "Industrial",
              description:
                "Heavy-duty locks and padlocks for warehouses, loading docks, gates and equipment.",
              icon: "factory",
            },
          ],
        },
        {
          kind: "faq",
          heading: "Commercial Locksmith Questions",
          items: [
            {
              question: "What is a master key system?",
              answer:
                "It's a set of locks keyed so that each person's key opens only the doors they need, while a master key opens all of them. When someone leaves, only the affected locks need rekeying.",
            },
            {
              question: "How can I stop employees from copying keys?",
              answer:
                "Use a restricted or high-security key system. Copies of those keys are made only with the registered owner's authorization, so you always know how many keys exist.",
            },
            {
              question: "Can you come after business hours?",
              answer:
                "Yes. We're available 24/7, so installations and rekeying can be scheduled before opening or after closing, and lockouts are handled any time.",
            },
          ],
        },
      ],
      closing: {
        heading: "Protect Your Business",
        text: "Call to talk through your locks and key control, or ask for a free security assessment of your building.",
        ctas: [CALL_NOW, { label: "Free Security Assessment", action: "request" }],
      },
    },

    automotive: {
      slug: "automotive",
      seo: {
        title: "Car Locksmith Chicago | Lockouts & Car Key Replacement",
        description: `Car lockouts (${LOCKOUT}), replacement car keys (${CAR_KEY}), key fob and transponder programming in Chicago and the South and Southwest suburbs, 24/7.`,
        keywords: [
          "car locksmith Chicago",
          "car lockout",
          "locked keys in car",
          "car key replacement",
          "key fob programming",
          "transponder key",
          "ignition repair",
          "broken key extraction",
          "lost car key replacement",
        ],
      },
      hero: {
        eyebrow: "Automotive Locksmith",
        heading: "Car Lockouts and Car Keys, Wherever You're Parked",
        text: `Locked out or lost your keys? A mobile locksmith comes to you, 24/7, with an average arrival of ${AVERAGE} minutes. For a car lockout, calling is the fastest way to get help.`,
        ctas: [{ label: "Get Unlocked Fast", action: "call" }, REQUEST_ONLINE],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Automotive Services",
          items: [
            {
              title: "Car Lockouts",
              description: `Keys locked in the car or trunk. We open most vehicles without damage to the door or lock. A car lockout is an emergency lockout, usually ${LOCKOUT}.`,
              icon: "car",
            },
            {
              title: "Car Key Replacement",
              description: `Lost or broken car keys cut and programmed on-site for most makes and models, usually ${CAR_KEY}.`,
              icon: "key",
            },
            {
              title: "Key Fob Programming",
              description:
                "Remotes and push-to-start fobs programmed to your vehicle, including compatible fobs you already have.",
              icon: "radio",
            },
            {
              title: "Transponder Keys",
              description:
                "Chipped keys cut and paired with your car's immobilizer so the engine will start.",
              icon: "cpu",
            },
            {
              title: "Ignition Repair",
              description:
                "Ignitions that won't turn or won't release the key, repaired or replaced.",
              icon: "gauge",
            },
            {
              title: "Broken Key Extraction",
              description:
                "Broken key pieces removed from door locks and ignitions, and a new key made if needed.",
              icon: "wrench",
            },
          ],
        },
        {
          kind: "list",
          heading: "Makes We Work On",
          intro: "We work on domestic, Asian and European vehicles, including:",
          items: [
            "Ford",
            "Chevrolet",
            "Honda",
            "Toyota",
            "BMW",
            "Mercedes",
            "Audi",
            "Nissan",
            "Hyundai",
            "Kia",
            "Jeep",
            "And more",
          ],
        },
        {
          kind: "faq",
          heading: "Car Locksmith Questions",
          items: [
            {
              question: "Can you make a car key if I've lost all my keys?",
              answer:
                "For most vehicles, yes. We cut and program a new key where the car is parked. We'll ask for your ID and the registration or title to confirm the car is yours.",
            },
            {
              question: "Will opening my car damage it?",
              answer:
                "We use vehicle entry tools designed to open cars without damaging the door, lock or paint.",
            },
            {
              question: "Can you program a key fob I bought online?",
              answer:
                "Often, yes, if it's the right fob for your vehicle. Some aftermarket fobs can't be programmed, so we check the part first and tell you before any charge. If your vehicle needs dealer-only programming, we'll tell you that before we start.",
            },
          ],
        },
      ],
      closing: {
        heading: "Locked Out of Your Car?",
        text: `Call now and a mobile locksmith heads your way. Emergency lockouts are reached within ${EMERGENCY_MAX} minutes.`,
        ctas: [{ label: "Get Unlocked Fast", action: "call" }, REQUEST_ONLINE],
      },
    },

    rekeying: {
      slug: "rekeying",
      seo: {
        title: `Lock Rekeying Chicago | New Keys ${REKEY}`,
        description: `Make old keys stop working without replacing your locks. Rekeying ${REKEY}, typically under 30 minutes per lock, for homes and businesses.`,
        keywords: [
          "lock rekeying Chicago",
          "rekey locks",
          "rekey house locks",
          "commercial rekeying",
          "rekey after moving",
          "lost keys rekey",
          "one key for all doors",
          "locksmith rekey near me",
        ],
      },
      hero: {
        eyebrow: "Lock Rekeying",
        heading: "New Keys Without New Locks",
        text: `Rekeying changes the pins inside your lock so old keys no longer work. It costs less than replacing the lock, usually ${REKEY}, and a typical lock is rekeyed in under 30 minutes.`,
        ctas: [CALL_NOW, { label: "Free Rekeying Quote", action: "request" }],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Why Rekey Instead of Replace",
          items: [
            {
              title: "Lower Cost",
              description: `Rekeying is usually ${REKEY}, much less than new hardware.`,
              icon: "receipt-text",
            },
            {
              title: "Keep Your Hardware",
              description:
                "Your existing locks and finish stay on the door; only the pins and keys change.",
              icon: "lock",
            },
            {
              title: "One Key for Every Door",
              description:
                "Locks that take the same type of key can be set to open with a single key.",
              icon: "key-round",
            },
            {
              title: "Quick Service",
              description: "A typical lock takes under 30 minutes to rekey.",
              icon: "timer",
            },
          ],
        },
        {
          kind: "cards",
          heading: "Rekeying for Homes and Businesses",
          items: [
            {
              title: "Residential Rekeying",
              description:
                "Front, back and garage entry doors rekeyed for homeowners, renters and landlords.",
              icon: "house",
              bullets: ["After moving in", "Between tenants", "All doors on one key"],
            },
            {
              title: "Commercial Rekeying",
              description:
                "Office, store and warehouse locks rekeyed when staff or tenants change.",
              icon: "building-complex",
              bullets: ["After employee turnover", "Master key systems", "After-hours scheduling"],
            },
          ],
        },
        {
          kind: "list",
          heading: "When to Rekey",
          items: [
            "You've moved into a new home or apartment",
            "Your keys were lost or stolen",
            "A tenant or roommate has moved out",
            "An employee with keys has left",
            "After a break-in or attempted break-in",
            "You want one key for all your doors",
          ],
        },
        {
          kind: "steps",
          heading: "Our Rekeying Process",
          items: [
            {
              title: "Assessment",
              description:
                "We check each lock's condition and type and confirm that rekeying is the right choice.",
            },
            {
              title: "Disassembly",
              description:
                "The cylinder is removed from the door and the plug taken out to reach the pins.",
            },
            {
              title: "Pin Replacement",
              description: "The old pins come out and new pins are fitted to match your new key.",
            },
            {
              title: "Testing",
              description:
                "We reassemble the lock, test the new keys, and confirm the old keys no longer work.",
            },
          ],
        },
        {
          kind: "faq",
          heading: "Rekeying Questions",
          items: [
            {
              question: "How long does rekeying take?",
              answer:
                "A typical lock takes under 30 minutes. The total depends on how many locks you have, and we'll give you an estimate when you call.",
            },
            {
              question: "How much does rekeying cost?",
              answer: `Rekeying is usually ${REKEY}. Estimates are free, there are no trip charges, and you'll have the price before work begins.`,
            },
            {
              question: "Can every lock be rekeyed?",
              answer:
                "Most standard pin-tumbler locks can. Some worn, damaged or very inexpensive locks are better replaced, and we'll tell you if that's the case before doing any work.",
            },
          ],
        },
      ],
      closing: {
        heading: "Take Back Control of Your Keys",
        text: `Call for a free quote. Rekeying is usually ${REKEY} and a typical lock is done in under 30 minutes.`,
        ctas: [CALL_NOW, { label: "Free Rekeying Quote", action: "request" }],
      },
    },

    "smart-locks": {
      slug: "smart-locks",
      seo: {
        title: "Smart Lock Installation Chicago | Keyless Entry",
        description:
          "Smart lock installation and setup in Chicago and the suburbs: WiFi, Bluetooth, keypad, biometric, Z-Wave and hybrid locks from Schlage, Yale, August and more.",
        keywords: [
          "smart lock installation Chicago",
          "keyless entry",
          "keypad door lock",
          "WiFi smart lock",
          "biometric lock",
          "Z-Wave lock",
          "Schlage smart lock installation",
          "August smart lock installation",
        ],
      },
      hero: {
        eyebrow: "Smart Lock Installation",
        heading: "Keyless Entry, Installed Right",
        text: "We install and set up smart locks on your existing doors, from keypad deadbolts to app-controlled and fingerprint locks, including a lock you've already bought.",
        ctas: [CALL_NOW, { label: "Schedule Consultation", action: "request" }],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Why Go Keyless",
          items: [
            {
              title: "App Control",
              description:
                "Lock and unlock from your phone, check whether the door is locked, and see who came and went.",
              icon: "smartphone",
            },
            {
              title: "Keyless Entry",
              description:
                "Use a code, your phone or a fingerprint, and give family, sitters or contractors their own codes.",
              icon: "key-square",
            },
            {
              title: "Enhanced Security",
              description:
                "Remove a code in seconds instead of rekeying, and set the door to lock itself behind you.",
              icon: "shield-check",
            },
          ],
        },
        {
          kind: "cards",
          heading: "Smart Lock Types",
          items: [
            {
              title: "WiFi",
              description:
                "Connect to your home network for remote access and alerts without a separate hub.",
              icon: "wifi",
            },
            {
              title: "Bluetooth",
              description:
                "Unlock with your phone when you're nearby; remote access usually needs a bridge.",
              icon: "bluetooth",
            },
            {
              title: "Keypad",
              description:
                "Enter a code to unlock, with separate codes for each person who needs access.",
              icon: "grid-3x3",
            },
            {
              title: "Biometric",
              description: "Unlock with a fingerprint, with a code or key as a backup.",
              icon: "fingerprint-pattern",
            },
            {
              title: "Z-Wave",
              description:
                "Work with a Z-Wave hub or compatible home security system for automations.",
              icon: "network",
            },
            {
              title: "Hybrid",
              description:
                "Combine several ways in, such as keypad, app and a physical key, in one lock.",
              icon: "combine",
            },
          ],
        },
        {
          kind: "list",
          heading: "Brands We Install",
          intro: "We install and set up the major brands, or the lock you've already chosen:",
          items: ["Schlage", "Kwikset", "Yale", "August", "Level", "Ultraloq"],
        },
        {
          kind: "faq",
          heading: "Smart Lock Questions",
          items: [
            {
              question: "Will a smart lock fit my door?",
              answer:
                "Most smart deadbolts fit a standard deadbolt hole. Some models replace only the inside of your current deadbolt, so your existing keys keep working. We check your door before recommending a lock.",
            },
            {
              question: "What happens if the batteries die?",
              answer:
                "Most smart locks warn you in the app or on the lock well before the batteries run out. Many also have a backup key or a way to power the lock from outside, so you aren't locked out.",
            },
            {
              question: "Do I need WiFi for a smart lock?",
              answer:
                "Not for everyday use. Bluetooth and keypad locks work without it, but to lock, unlock or get alerts when you're away, you need a WiFi lock, a WiFi bridge or a Z-Wave hub.",
            },
          ],
        },
      ],
      closing: {
        heading: "Ready to Go Keyless?",
        text: "Call to talk through the options for your door, or book an installation and we'll set up the lock and your codes with you.",
        ctas: [CALL_NOW, { label: "Schedule Installation", action: "request" }],
      },
    },

    "key-duplication": {
      slug: "key-duplication",
      seo: {
        title: "Key Duplication Chicago | House, Car & Office Keys",
        description:
          "Key copies for house, car, office, high-security and specialty keys in Chicago and the South and Southwest suburbs. Precision cut and tested.",
        keywords: [
          "key duplication Chicago",
          "key copy",
          "house key copy",
          "car key duplicate",
          "office key duplication",
          "high-security key copy",
          "mailbox key copy",
          "lost key replacement",
        ],
      },
      hero: {
        eyebrow: "Key Duplication",
        heading: "Key Copies That Work the First Time",
        text: "Copies of house, car, office and specialty keys, precision cut and tested. High-security keys are copied only with the owner's authorization.",
        ctas: [CALL_NOW, { label: "Get Quote", action: "request" }],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Keys We Duplicate",
          items: [
            {
              title: "House Keys",
              description:
                "Spare keys for front, back and garage doors, cut to match your existing locks.",
              icon: "house",
            },
            {
              title: "Car Keys",
              description: `Standard, transponder and remote keys for most makes. Lost all your car keys? Replacement is usually ${CAR_KEY}.`,
              icon: "car",
            },
            {
              title: "Office Keys",
              description:
                "Copies of office, suite and storefront keys, including keys in master key systems.",
              icon: "building-complex",
            },
            {
              title: "High-Security Keys",
              description:
                "Restricted and patented keys from high-security systems, copied under the system's key control rules.",
              icon: "shield-check",
              note: "Authorization required: high-security keys are duplicated only with the registered owner's authorization card or a signed letter.",
            },
            {
              title: "Specialty Keys",
              description: "Mailbox, file cabinet, padlock, tubular and other specialty keys.",
              icon: "key-round",
            },
            {
              title: "Emergency Key Service",
              description:
                "Lost your only key? We come to you 24/7 and make a new key from the lock.",
              icon: "siren",
            },
          ],
        },
        {
          kind: "steps",
          heading: "How We Duplicate Keys",
          items: [
            {
              title: "Key Analysis",
              description: "We identify the key type and blank and check the original for wear.",
            },
            {
              title: "Precision Cutting",
              description:
                "The copy is cut to the original, or to the lock's code when the original is worn.",
            },
            {
              title: "Testing",
              description:
                "We test the new key in the lock, or against the original when the lock isn't there.",
            },
            {
              title: "Final Inspection",
              description:
                "Burrs are removed and the key is checked so it turns smoothly without catching.",
            },
          ],
        },
        {
          kind: "faq",
          heading: "Key Duplication Questions",
          items: [
            {
              question: "What do I need to copy a high-security key?",
              answer:
                "The registered owner's authorization card or a signed letter from the owner. Some restricted keys must be ordered through the lock maker's system, which adds time; we'll tell you up front.",
            },
            {
              question: "Can you make a key without the original?",
              answer:
                "Often, yes. We can make many keys by decoding the lock or cutting to the key code. For car keys, we'll ask for ID and proof that the vehicle is yours.",
            },
            {
              question: "What if a copy doesn't work?",
              answer:
                "We test copies before you leave. If one gives you trouble later, call us and we'll make it right under our service guarantee.",
            },
          ],
        },
      ],
      closing: {
        heading: "Need Spare Keys?",
        text: "Call for a quote on the keys you need copied, or for a new key if you've lost your only one.",
        ctas: [CALL_NOW, { label: "Get Quote", action: "request" }],
      },
    },

    safes: {
      slug: "safes",
      seo: {
        title: "Safe Locksmith Chicago | Safe Opening & Repair",
        description:
          "Safe opening, combination changes, repair and installation for home, gun and business safes in Chicago and the South and Southwest suburbs, 24/7.",
        keywords: [
          "safe locksmith Chicago",
          "safe opening",
          "safe combination change",
          "safe repair",
          "gun safe locksmith",
          "safe installation",
          "locked out of safe",
          "safe lock replacement",
        ],
      },
      hero: {
        eyebrow: "Safe Services",
        heading: "Safe Opening, Repair and Installation",
        text: "Forgot the combination, a dead keypad, or a new safe to install? We service home, gun and business safes, and we're available 24/7 when you can't get into yours.",
        ctas: [CALL_NOW, { label: "Schedule Service", action: "request" }],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Safe Services",
          items: [
            {
              title: "Safe Opening",
              description:
                "Lost keys, forgotten combinations and failed keypads. We use non-destructive methods whenever the safe allows.",
              icon: "vault",
              note: "Proof of ownership required before we open a safe.",
            },
            {
              title: "Safe Installation",
              description:
                "Safes placed and anchored to the floor or wall so they can't simply be carried away.",
              icon: "wrench",
            },
            {
              title: "Combination Reset",
              description: "New combinations set on mechanical dials and electronic keypads.",
              icon: "hash",
            },
            {
              title: "Safe Repair",
              description:
                "Worn dials, failed keypads, sticking bolts and damaged locks repaired or replaced.",
              icon: "wrench",
            },
            {
              title: "Gun Safe Services",
              description: "Opening, lock changes, keypad replacement and anchoring for gun safes.",
              icon: "lock-keyhole",
            },
            {
              title: "Emergency Safe Service",
              description: "Need into your safe now? We're available 24/7.",
              icon: "siren",
            },
          ],
        },
        {
          kind: "cards",
          heading: "Safes We Service",
          items: [
            {
              title: "Home Safes",
              description: "Small and mid-size safes for valuables, cash and important documents.",
              icon: "house",
            },
            {
              title: "Gun Safes",
              description: "Single-gun lockboxes through full-size gun safes.",
              icon: "lock-keyhole",
            },
            {
              title: "Fire-Resistant Safes",
              description: "Fire-rated safes and document chests for papers and media.",
              icon: "flame",
            },
            {
              title: "Commercial Safes",
              description: "Depository, drop and office safes for businesses.",
              icon: "store",
            },
          ],
        },
        {
          kind: "list",
          heading: "Brands We Work On",
          items: ["Liberty", "SentrySafe", "Fort Knox", "Cannon", "Stack-On", "AMSEC"],
        },
        {
          kind: "faq",
          heading: "Safe Service Questions",
          items: [
            {
              question: "Can you open a safe without the combination?",
              answer:
                "Yes. Once you show proof of ownership, we open it by the least destructive method the safe allows and can set a new combination afterward.",
            },
            {
              question: "Will opening my safe damage it?",
              answer:
                "We try non-destructive methods first. If drilling is the only option, we'll explain why before we start, and a drilled safe can usually be repaired and used again.",
            },
            {
              question: "Can you change my safe's combination?",
              answer:
                "Yes, on most mechanical dial locks and electronic keypads. It's a good idea after a move or when someone who knew the old combination no longer should.",
            },
          ],
        },
      ],
      closing: {
        heading: "Need Help With a Safe?",
        text: "Call to describe your safe and the problem, or book a visit. Emergency safe service is available 24/7.",
        ctas: [CALL_NOW, { label: "Schedule Service", action: "request" }],
      },
    },

    "storage-units": {
      slug: "storage-units",
      seo: {
        title: "Storage Unit Locks Chicago | Install, Repair & Access",
        description:
          "Storage unit lock installation, repair and replacement, and access when the key is lost, with proof of ownership. Serving Chicago and the suburbs 24/7.",
        keywords: [
          "storage unit locksmith Chicago",
          "storage unit lock",
          "disc lock installation",
          "storage unit lock removal",
          "lost storage unit key",
          "storage lock replacement",
          "locksmith near me",
        ],
      },
      hero: {
        eyebrow: "Storage Unit Locks",
        heading: "Storage Unit Locks and Access",
        text: "Lost the key to your storage unit, or need a stronger lock? We install, repair and replace storage unit locks, and open units for their owners and renters.",
        ctas: [CALL_NOW, freeQuote],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Storage Unit Services",
          items: [
            {
              title: "Lock Installation",
              description: "Disc locks and cylinder locks fitted to your unit's latch.",
              icon: "lock",
            },
            {
              title: "Repair and Replacement",
              description:
                "Stiff, rusted or damaged locks repaired, or replaced with a new lock and keys.",
              icon: "wrench",
            },
            {
              title: "Emergency Access",
              description:
                "Lost or broken key? We open the unit and fit a new lock on the same visit.",
              icon: "warehouse",
              note: "Proof of ownership or a rental agreement in your name is required. Some facilities also ask you to notify the office first.",
            },
          ],
        },
        {
          kind: "steps",
          heading: "How It Works",
          items: [
            {
              title: "Verification",
              description: "We check your ID and rental agreement or proof of ownership.",
            },
            {
              title: "Assessment",
              description: "We look at the lock and latch and choose the least destructive way in.",
            },
            {
              title: "Open or Replace",
              description:
                "The lock is picked, drilled or cut as needed, and a new lock is fitted.",
            },
            {
              title: "Secure",
              description: "We test the new lock and hand the keys to you.",
            },
          ],
        },
        {
          kind: "faq",
          heading: "Storage Unit Lock Questions",
          items: [
            {
              question: "Can you remove my lock if I lost the key?",
              answer:
                "Yes, with proof of ownership or your rental agreement. Disc locks often have to be drilled or cut, which destroys the lock, so we bring a replacement.",
            },
            {
              question: "What kind of lock is best for a storage unit?",
              answer:
                "A disc lock is hard to cut with bolt cutters, and many facilities recommend or require them. Check your facility's rules before buying.",
            },
            {
              question: "Do I need the facility's permission?",
              answer:
                "Many facilities want you to tell the office before a lock is removed. Bring your rental agreement and ID, and let the office know we're coming.",
            },
          ],
        },
      ],
      closing: {
        heading: "Locked Out of Your Storage Unit?",
        text: "Call us, or ask for a free quote on a new lock. Have your rental agreement or proof of ownership ready.",
        ctas: [CALL_NOW, freeQuote],
      },
    },

    mailboxes: {
      slug: "mailboxes",
      seo: {
        title: "Mailbox Lock Replacement Chicago | USPS-Approved",
        description:
          "USPS-approved mailbox lock installation, key replacement and repair for homes, apartments and condos in Chicago and the South and Southwest suburbs.",
        keywords: [
          "mailbox lock replacement Chicago",
          "mailbox locksmith",
          "lost mailbox key",
          "USPS-approved mailbox lock",
          "apartment mailbox lock",
          "mailbox key replacement",
          "mailbox lock repair",
        ],
      },
      hero: {
        eyebrow: "Mailbox Locks",
        heading: "Mailbox Locks and Keys",
        text: "Lost your mailbox key or moved into a new place? We replace and repair mailbox locks for houses, apartments and condos, using USPS-approved locks.",
        ctas: [CALL_NOW, freeQuote],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Mailbox Services",
          items: [
            {
              title: "USPS-Approved Lock Installation",
              description:
                "New locks for wall-mounted, curbside and apartment mailboxes that meet USPS requirements.",
              icon: "mailbox",
            },
            {
              title: "Key Replacement",
              description:
                "New keys when yours are lost, or a new lock so a previous resident's keys stop working.",
              icon: "key-round",
              note: "Proof of ownership or residence required: a photo ID with your address, a lease or a utility bill.",
            },
            {
              title: "Mailbox Repair",
              description:
                "Broken doors, hinges and worn locks repaired so your mail stays secure.",
              icon: "wrench",
            },
          ],
        },
        {
          kind: "steps",
          heading: "How It Works",
          items: [
            {
              title: "Verification",
              description: "We confirm you own the mailbox or live at the address before any work.",
            },
            {
              title: "USPS Compliance",
              description:
                "We check that the lock and box meet USPS requirements. The carrier's master lock belongs to USPS and is never touched.",
            },
            {
              title: "Installation",
              description: "The old lock is removed and the new lock installed and tested.",
            },
            {
              title: "Key Delivery",
              description: "New keys are handed only to you.",
            },
          ],
        },
        {
          kind: "faq",
          heading: "Mailbox Lock Questions",
          items: [
            {
              question: "Can you change the lock on a cluster mailbox?",
              answer:
                "It depends on who owns it. If the Postal Service owns the cluster box, your local post office handles lock changes. If it's owned by your building, condo association or HOA, we can replace the lock on your compartment.",
            },
            {
              question: "Should I change my mailbox lock after moving?",
              answer:
                "Yes. Previous residents may still have keys. In an apartment or condo, check with the manager or association first, since many keep track of mailbox keys.",
            },
            {
              question: "What do I need to show?",
              answer:
                "A photo ID with your address, or a lease or utility bill in your name, to show that you own the mailbox or live at the address.",
            },
          ],
        },
      ],
      closing: {
        heading: "Need a New Mailbox Lock or Key?",
        text: "Call us, or ask for a free quote. Have proof of ownership or residence ready.",
        ctas: [CALL_NOW, freeQuote],
      },
    },

    "file-cabinets": {
      slug: "file-cabinets",
      seo: {
        title: "File Cabinet Locks Chicago | Keys, Repair & Install",
        description:
          "File cabinet lock installation, replacement keys, repair and upgrades for offices and homes in Chicago and the South and Southwest suburbs.",
        keywords: [
          "file cabinet locksmith Chicago",
          "file cabinet lock replacement",
          "lost file cabinet key",
          "file cabinet key replacement",
          "cabinet lock repair",
          "office furniture locks",
          "keyed alike cabinet locks",
        ],
      },
      hero: {
        eyebrow: "File Cabinet Locks",
        heading: "File Cabinet Locks and Keys",
        text: "Lost the key to a locked file cabinet, or need better locks on your records? We open, rekey, repair and replace file cabinet locks at your office or home.",
        ctas: [CALL_NOW, freeQuote],
      },
      blocks: [
        {
          kind: "cards",
          heading: "File Cabinet Services",
          items: [
            {
              title: "Lock Installation",
              description: "New cabinet locks fitted to file cabinets, desks and storage cabinets.",
              icon: "file-lock",
            },
            {
              title: "Key Replacement and Duplication",
              description:
                "Many cabinet locks have a code stamped on the face, which lets us cut a new key without opening the drawer.",
              icon: "key-round",
            },
            {
              title: "Lock Repair",
              description:
                "Stuck plungers, spinning cylinders and locks that won't catch, repaired or replaced.",
              icon: "wrench",
            },
            {
              title: "Security Upgrades",
              description:
                "Keyed-alike or master-keyed cabinet locks, and keypad locks for sensitive files.",
              icon: "shield-check",
            },
          ],
        },
        {
          kind: "steps",
          heading: "How It Works",
          items: [
            {
              title: "Assessment",
              description:
                "We identify the lock make and type and check the cabinet's locking bar.",
            },
            {
              title: "Key Code or Opening",
              description:
                "We cut a key from the lock's code, or open the cabinet without damaging it.",
            },
            {
              title: "Repair or Install",
              description: "We repair the existing lock or install a new one.",
            },
            {
              title: "Testing",
              description: "Every drawer is locked and unlocked with the new keys before we leave.",
            },
          ],
        },
        {
          kind: "faq",
          heading: "File Cabinet Lock Questions",
          items: [
            {
              question: "I lost my file cabinet key. Can you open it?",
              answer:
                "Yes. Often we can cut a new key from the code on the lock face. If there isn't one, we pick the lock or replace it.",
            },
            {
              question: "Can all our cabinets use one key?",
              answer:
                "Yes. We can fit keyed-alike locks so one key opens every cabinet, or a master key system so managers have one key and staff have their own.",
            },
            {
              question: "Can you work around our office hours?",
              answer:
                "Yes. We're available 24/7, so we can come before opening, after closing or on a weekend.",
            },
          ],
        },
      ],
      closing: {
        heading: "Need Into a Locked Cabinet?",
        text: "Call us, or ask for a free quote on new or replacement cabinet locks.",
        ctas: [CALL_NOW, freeQuote],
      },
    },

    padlocks: {
      slug: "padlocks",
      seo: {
        title: "Padlock Services Chicago | Removal, Install & Repair",
        description:
          "Padlock installation, removal when the key is lost, and repair for gates, sheds and trailers in Chicago and the suburbs. Proof of ownership required.",
        keywords: [
          "padlock locksmith Chicago",
          "padlock removal",
          "lost padlock key",
          "high-security padlock",
          "padlock installation",
          "combination padlock",
          "weatherproof padlock",
        ],
      },
      hero: {
        eyebrow: "Padlock Services",
        heading: "Padlocks Installed, Opened and Repaired",
        text: "From a lost padlock key to securing a gate, shed or trailer, we install, open and repair padlocks of every common type.",
        ctas: [CALL_NOW, freeQuote],
      },
      blocks: [
        {
          kind: "cards",
          heading: "Padlock Services",
          items: [
            {
              title: "Padlock Installation",
              description:
                "The right padlock and hasp for gates, sheds, trailers and lockers, keyed alike if you want one key for all.",
              icon: "lock",
            },
            {
              title: "Emergency Access",
              description:
                "Lost the key or forgot the combination? We open or remove the padlock and can replace it.",
              icon: "siren",
              note: "Proof of ownership required before we open or remove a padlock.",
            },
            {
              title: "Repair and Maintenance",
              description:
                "Seized, rusted or stiff padlocks cleaned, lubricated, rekeyed or replaced.",
              icon: "wrench",
            },
          ],
        },
        {
          kind: "cards",
          heading: "Padlock Types",
          items: [
            {
              title: "Keyed Padlocks",
              description: "Everyday keyed padlocks, including rekeyable and keyed-alike sets.",
              icon: "key-round",
            },
            {
              title: "Combination Padlocks",
              description: "Dial and resettable combination padlocks with no key to lose.",
              icon: "hash",
            },
            {
              title: "High-Security Padlocks",
              description:
                "Shrouded and hardened-shackle padlocks that resist bolt cutters and prying.",
              icon: "shield-check",
            },
            {
              title: "Weatherproof Padlocks",
              description:
                "Covered, corrosion-resistant padlocks for gates, fences and outdoor equipment.",
              icon: "cloud-rain",
            },
          ],
        },
        {
          kind: "faq",
          heading: "Padlock Questions",
          items: [
            {
              question: "Can you open a padlock without cutting it?",
              answer:
                "Often, yes. Many padlocks can be picked or decoded. Hardened and high-security padlocks may have to be cut, and we'll tell you before we do.",
            },
            {
              question: "Can a padlock be rekeyed?",
              answer:
                "Rekeyable padlocks can, and that's common with commercial-grade models. For inexpensive padlocks, a new lock usually costs less.",
            },
            {
              question: "Can my padlocks match my other keys?",
              answer:
                "If they take the same type of key, yes. We can also supply keyed-alike padlocks so one key opens every lock.",
            },
          ],
        },
      ],
      closing: {
        heading: "Need a Padlock Opened or Replaced?",
        text: "Call us, or ask for a free quote. Have proof of ownership ready if we're opening a lock.",
        ctas: [CALL_NOW, freeQuote],
      },
    },
  };
}

export function getServicePage(slug: string, prices: SitePrices): ServiceDetailContent | undefined {
  const pages = servicePagesFor(prices);
  return Object.hasOwn(pages, slug) ? pages[slug as ServiceSlug] : undefined;
}

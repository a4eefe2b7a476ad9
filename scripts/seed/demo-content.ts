/** Titles, descriptions and tags of the demo uploads, written per creator so they fit the niche. */
export type DemoUpload = { title: string; description: string; tags: string[] };
export type DemoCatalogue = { videos: DemoUpload[]; shorts: DemoUpload[] };

const up = (title: string, description: string, tags: string[]): DemoUpload => ({ title, description, tags });

/** Keyed by username (see demo-creators.ts): 20 videos and 30 shorts in all. */
export const DEMO_CONTENT: Readonly<Record<string, DemoCatalogue>> = {
  nova_plays: {
    videos: [
      up(
        'Ascent Jett lineups you can learn in 10 minutes',
        'Six dash and updraft spots that win rounds on Ascent, with the exact crosshair placement for each.',
        ['valorant', 'jett', 'ascent', 'guide'],
      ),
      up(
        'Road to Radiant, episode 12: the 1v4 that saved the game',
        'Full ranked match with commentary. The clutch starts at round 21.',
        ['valorant', 'ranked', 'clutch'],
      ),
    ],
    shorts: [
      up('This Operator flick still does not feel real', 'Clipped it twice to be sure.', [
        'valorant',
        'clip',
      ]),
      up('Crosshair code I have used for two years', 'Copy it from the description pin.', [
        'valorant',
        'settings',
      ]),
      up('Jett updraft trick on Bind nobody checks', 'Works on both sides of A short.', ['valorant', 'bind']),
      up('POV: your duo says "trust me"', 'We did not win that round.', ['valorant', 'funny']),
    ],
  },
  blockbyblock: {
    videos: [
      up(
        'Building a fully automatic sugar cane farm in survival',
        'Observer and piston design that runs on any version since 1.17, with a full materials list.',
        ['minecraft', 'redstone', 'farm'],
      ),
      up(
        'Cosy cottage build: start to finish',
        'A relaxing build with oak, spruce and a lot of lanterns. No commentary, just the build.',
        ['minecraft', 'building', 'cottage'],
      ),
    ],
    shorts: [
      up('Hidden piston door in 30 seconds', 'Four pistons, one lever.', ['minecraft', 'redstone']),
      up('The lantern trick every builder should know', 'Chains make everything better.', [
        'minecraft',
        'tips',
      ]),
    ],
  },
  lofi_lena: {
    videos: [
      up(
        'Rainy window - 20 minute lo-fi study session',
        'Original beats, no ads in the middle. Put it on and get some work done.',
        ['lofi', 'study', 'beats'],
      ),
      up(
        'How I make a lo-fi beat from a single piano chord',
        'Sampling, chopping and the vinyl crackle chain I use on every track.',
        ['lofi', 'production', 'tutorial'],
      ),
    ],
    shorts: [
      up('Late-night loop #47', 'Headphones on.', ['lofi', 'loop']),
      up('Turning my kettle into a hi-hat', 'Kitchen percussion, part two.', ['lofi', 'sampling']),
      up('The tape saturation setting I always use', 'Subtle is the whole point.', ['lofi', 'mixing']),
    ],
  },
  beatsmith88: {
    videos: [
      up(
        'Flipping a 70s soul sample into a trap beat',
        'From crate-digging to the final bounce: chops, drums and the 808 pattern explained.',
        ['hiphop', 'sampleflip', 'producer'],
      ),
    ],
    shorts: [
      up('Cooking up in under a minute', 'Drums first, always.', ['hiphop', 'beatmaking']),
      up('This 808 pattern slaps every time', 'Steal it.', ['hiphop', '808']),
      up('Sample flip challenge: cartoon theme song', 'You asked for it.', ['hiphop', 'challenge']),
    ],
  },
  code_with_priya: {
    videos: [
      up(
        'TypeScript generics explained with real examples',
        'From a typed fetch helper to a small event emitter: generics without the jargon.',
        ['typescript', 'generics', 'tutorial'],
      ),
      up(
        'Make your web app feel instant: caching strategies',
        'Stale-while-revalidate, service workers and optimistic updates, with a demo app.',
        ['webdev', 'performance', 'pwa'],
      ),
      up(
        'Code review: refactoring a 400-line React component',
        'Splitting it into hooks and small components, step by step, without breaking anything.',
        ['react', 'refactoring', 'codereview'],
      ),
    ],
    shorts: [
      up('satisfies vs as in TypeScript', 'One of them lies to you.', ['typescript', 'tips']),
      up('Stop using index as a React key', 'Here is the bug it causes.', ['react', 'tips']),
    ],
  },
  history_hank: {
    videos: [
      up(
        'The Great Emu War, explained',
        'In 1932 Australia sent soldiers against emus. The emus won. Here is how it happened.',
        ['history', 'australia', 'storytelling'],
      ),
      up(
        'How medieval castles were actually heated',
        'Fireplaces, tapestries and why most people were cold most of the time.',
        ['history', 'medieval', 'castles'],
      ),
    ],
    shorts: [up('The shortest war in history lasted 38 minutes', 'Zanzibar, 1896.', ['history', 'facts'])],
  },
  dailydani: {
    videos: [
      up(
        'A very ordinary Saturday in Lyon',
        'Market run, a failed croissant attempt and a sunset by the river.',
        ['vlog', 'lyon', 'weekend'],
      ),
    ],
    shorts: [
      up('Rating every bakery on my street', 'Number three broke my heart.', ['vlog', 'food']),
      up('My flatmate vs. the smoke alarm', 'Round four.', ['vlog', 'funny']),
      up('Morning routine, honest version', 'Coffee. Then more coffee.', ['vlog', 'morning']),
      up('Trying the viral pasta recipe', 'It was fine?', ['vlog', 'cooking']),
    ],
  },
  hoops_diaries: {
    videos: [
      up(
        'I trained like a pro shooter for 30 days',
        'Five hundred shots a day, tracked in a spreadsheet. The results surprised me.',
        ['basketball', 'shooting', 'challenge'],
      ),
    ],
    shorts: [
      up('Form shooting drill for beginners', 'Start close, stay close.', ['basketball', 'drill']),
      up('Pickup game buzzer beater', 'Did not call bank.', ['basketball', 'highlights']),
      up('The crossover that ends ankles', 'Slow it down, then explode.', ['basketball', 'handles']),
    ],
  },
  fitwithmaya: {
    videos: [
      up(
        '20 minute full-body workout, no equipment',
        'Warm-up, three circuits and a cool-down. Scale every move to your level.',
        ['fitness', 'workout', 'home'],
      ),
      up(
        'Mobility routine for people who sit all day',
        'Hips, thoracic spine and shoulders: ten minutes you can do at your desk.',
        ['mobility', 'stretching', 'desk'],
      ),
    ],
    shorts: [
      up('One move for stronger knees', 'Slow tempo, full range.', ['fitness', 'knees']),
      up('Plank variations ranked', 'The last one is evil.', ['fitness', 'core']),
      up('Three-minute desk stretch break', 'Set a timer and do it now.', ['mobility', 'office']),
    ],
  },
  chainlab_sam: {
    videos: [
      up(
        'Writing your first Move module on Aptos',
        'A counter contract, its tests and publishing to a local network, explained line by line.',
        ['aptos', 'move', 'tutorial'],
      ),
      up(
        'How keyless accounts work under the hood',
        'OpenID Connect, ephemeral keys and zero-knowledge proofs, with diagrams.',
        ['aptos', 'keyless', 'security'],
      ),
    ],
    shorts: [up('Gas fees on Aptos in 45 seconds', 'Units, prices and why it is cheap.', ['aptos', 'gas'])],
  },
  gadget_gwen: {
    videos: [
      up(
        'My minimal desk setup for 2026',
        'Monitor arm, a 65 percent keyboard and the cable management that finally stuck.',
        ['setup', 'desk', 'gadgets'],
      ),
    ],
    shorts: [
      up('Is this budget keyboard actually good?', 'Typing test included.', ['gadgets', 'keyboard']),
      up('Three gadgets under 30 dollars I use daily', 'Not sponsored.', ['gadgets', 'budget']),
    ],
  },
  wander_ali: {
    videos: [
      up(
        'Night train from Vienna to Venice on a budget',
        'Couchette, food, costs and what I would do differently next time.',
        ['travel', 'train', 'budget'],
      ),
    ],
    shorts: [
      up('Best 2 euro breakfast in Lisbon', 'Pastel de nata and a bica.', ['travel', 'food']),
      up('Packing for two weeks in one backpack', 'Rolling, not folding.', ['travel', 'packing']),
    ],
  },
};

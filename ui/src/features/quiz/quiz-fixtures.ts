import type { QuizFact } from './quiz-generator';

/** A QuizFact with defaults: a solo artist with a long enough bio and no facts. */
export function fact(overrides: Partial<QuizFact> & Pick<QuizFact, 'id' | 'title'>): QuizFact {
  return {
    kind: 'solo',
    year: null,
    origin: null,
    realName: null,
    genres: [],
    bioLength: 300,
    bioLine: null,
    bioPlaces: [],
    ...overrides,
  };
}

/** A small, fixed catalogue whose facts exercise every rule. */
export const CATALOGUE: QuizFact[] = [
  fact({ id: 1, title: 'Ada Stage', realName: 'Ada Mary Lovelace', year: 1970, origin: 'London, England', genres: ['Pop', 'Soul'] }),
  fact({ id: 2, title: 'B-Queens', realName: 'Bruno Carl Mars', year: 1980, origin: 'Queens, New York City, New York, United States', genres: ['West Coast Hip-Hop'] }),
  fact({ id: 3, title: 'Cee Trap', realName: 'Celia Dora Fox', year: 1990, origin: 'Paris, France', genres: ['Hip-Hop', 'Trap'] }),
  fact({ id: 4, title: 'Dee Jazz', realName: 'Golf Hotel', year: 1960, origin: 'Havana, Cuba', genres: ['Jazz'] }),
  // Real names that are not candidates: no space, too short, "known", "stage".
  fact({ id: 5, title: 'Eve', realName: 'Eveline', year: 1985, origin: 'Lagos, Nigeria', genres: ['Afrobeats'] }),
  fact({ id: 6, title: 'Fay', realName: 'Fa Y', year: 1986, origin: 'Seoul, South Korea', genres: ['K-Pop'] }),
  fact({ id: 7, title: 'Gus', realName: 'Known As Gus', year: 1987, origin: 'Oslo, Norway', genres: ['Folk'] }),
  fact({ id: 8, title: 'Hal', realName: 'Stage Name Hal', year: 1988, origin: 'Lima, Peru', genres: ['Cumbia'] }),
  fact({ id: 9, title: 'The Fives', kind: 'band', year: 1965, origin: 'New York City, New York, United States', genres: ['Rock', 'Blues Rock'] }),
  fact({ id: 10, title: 'Sevens', kind: 'band', year: 1972, origin: 'Omaha, Nebraska, United States', genres: ['Pop Rock'], bioPlaces: ['Los Angeles'] }),
  fact({ id: 11, title: 'Eights', kind: 'band', year: 1999, origin: 'Los Angeles, California, United States', genres: ['Electronic'] }),
  // Not eligible: a biography under 50 characters.
  fact({ id: 12, title: 'Tiny Bio', realName: 'Tina Ida Bio', year: 2001, origin: 'Rome, Italy', genres: ['Opera'], bioLength: 49 }),
  // No year and no origin: only a Genre question can be asked about it.
  fact({ id: 13, title: 'Mystery', genres: ['Ambient'] }),
  // Structured year and real name missing: the bio sentence is the fallback.
  fact({ id: 14, title: 'Fallback Five', genres: ['Synth-Pop'], origin: 'Bergen, Norway', bioLine: 'Fallback Five was born Juliet Kilo Lima in Bergen in 1984.' }),
  fact({ id: 15, title: 'Formed Late', kind: 'band', genres: ['Grunge'], bioLine: 'Formed Late is a band formed in Tacoma in 1991 by two cousins.' }),
];

/** Every fact by id. */
export const byId = (facts: QuizFact[]) => new Map(facts.map((f) => [f.id, f]));

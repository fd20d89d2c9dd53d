import { needsScriptFont, scriptRuns } from './pdf-script.js';

describe('pdf-script: which text goes to the Bengali font', () => {
  it('splits a text into Bengali and other runs; a space stays in the run it is in', () => {
    expect(scriptRuns('মোট (USD)')).toEqual([
      { text: 'মোট ', bengali: true },
      { text: '(USD)', bengali: false },
    ]);
    expect(scriptRuns('৩৫০.০০ US$')).toEqual([
      { text: '৩৫০', bengali: true },
      { text: '.', bengali: false },
      { text: '০০ ', bengali: true },
      { text: 'US$', bengali: false },
    ]);
    // Conjuncts keep their virama and joiners with their letters: one run, shaped as a whole.
    expect(scriptRuns('ক্ষ স্ত্র র\u200dয')).toEqual([{ text: 'ক্ষ স্ত্র র\u200dয', bengali: true }]);
    expect(scriptRuns('Okay Bike')).toEqual([{ text: 'Okay Bike', bengali: false }]);
  });

  it('only Bangla documents embed a font', () => {
    expect([needsScriptFont('en'), needsScriptFont('de'), needsScriptFont('bn')]).toEqual([false, false, true]);
  });
});

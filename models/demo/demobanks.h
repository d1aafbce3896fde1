#pragma once

#include "domain/domain.h"

#include <QList>
#include <QString>
#include <QStringList>

// The demo generator's reference data, kept out of its code: name groups (given and
// family names, university mail domains), cities, application sources, mail domains,
// the demo's staff and the phrase banks of notes, take-aways, reasons and screening
// answers. They are the JSON files of resources/demo, compiled into this library as
// :/demo/*.json, read and checked once per process. What is drawn from them, and how,
// stays in DemoGenerator; the order of every list is part of the data (the same seed
// gives the same demo).

namespace hireloop {

enum class DemoTendency { Neutral, Lenient, Harsh, Noisy };  // how an interviewer rates

struct DemoNameGroup
{
    QString key;
    int weight = 0;
    QStringList given;
    QStringList family;
    QStringList universities;  // email domains of the group's universities
};

struct DemoCity
{
    QString city;
    QString location;
    QString group;  // the name group that lives there most; may be empty
    bool usEu = false;  // eligible for a US/EU remote role
    int weight = 0;
    QString phone;  // X: a random digit
};

struct DemoSource
{
    QString text;
    int weight = 0;
};

struct DemoStaff
{
    Person person;  // name, email and kind (interviewer or coordinator)
    DemoTendency tendency = DemoTendency::Neutral;
    double lateness = 1.0;  // how long they take to submit, relative to the others
};

struct DemoBanks
{
    QList<DemoNameGroup> groups;  // names.json
    QList<DemoCity> cities;  // cities.json
    QList<DemoSource> sources;  // sources.json
    QStringList personalDomains;  // email-domains.json
    QStringList companyDomains;
    QList<DemoStaff> staff;  // staff.json

    // phrases.json. %1 is an attribute as it reads inside a sentence; in take-aways %1
    // the attribute rated best, %2 another one (the "one" banks: all ratings alike).
    QList<QStringList> ratingNotes;  // by rating, 0 (no evidence) to 5
    QStringList takeawaysHigh, takeawaysMid, takeawaysLow;
    QStringList takeawaysHighOne, takeawaysMidOne, takeawaysLowOne;
    QStringList privateNotes, withdrawReasons, offerDeclines, candidateNotes;
    QStringList screeningOnCall, screeningCluster, screeningOther;  // answers by the fact's topic

    // The compiled-in banks, loaded on first use; a malformed file stops the program
    // with its name and what is wrong in it (a build that ships one is broken).
    static const DemoBanks &builtIn();
    // Reads the files of folder (":/demo" holds the compiled-in ones); false, with
    // *error naming the file, the place in it and the problem, when one is missing or
    // malformed.
    static bool load(const QString &folder, DemoBanks *banks, QString *error);
};

}  // namespace hireloop
